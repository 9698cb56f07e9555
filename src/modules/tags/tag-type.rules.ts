import { validationError } from '../../core/errors/app-error.js';
import type { Tag } from './tag.model.js';
import type { TagTypeStore } from './tag-type.store.js';

/** 400 naming each tag whose type does not exist, at the pointer `pathOf(index)` gives. */
export async function requireTagTypes(tagTypes: TagTypeStore, tags: Tag[], pathOf: (index: number) => string): Promise<void> {
  const known = new Set((await tagTypes.findMany([...new Set(tags.map((tag) => tag.type))])).map((type) => type.name));
  const details = tags.flatMap((tag, index) =>
    known.has(tag.type) ? [] : [{ path: pathOf(index), message: `Tag type ${tag.type} does not exist.` }],
  );
  if (details.length > 0) throw validationError(details);
}
