import { Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { nameExists, notFound } from '../../core/errors/app-error.js';
import { EVENT, EventService } from '../events/index.js';
import type { Tag } from './tag.model.js';
import { TagStore } from './tag.store.js';
import { requireTagTypes } from './tag-type.rules.js';
import { TagTypeStore } from './tag-type.store.js';

/**
 * Tag values (`type:value`) as things of their own, as Unleash keeps them: created before any feature has them, or
 * when a feature is first tagged with them; deleting one takes it off every feature.
 */
@Injectable()
export class TagService {
  constructor(
    private readonly store: TagStore,
    private readonly tagTypes: TagTypeStore,
    private readonly events: EventService,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Every tag value, by type then value; of one type when given (an unknown type has none). */
  list(type?: string): Promise<Tag[]> {
    return this.store.list(type);
  }

  async get(tag: Tag): Promise<Tag> {
    if (!(await this.store.exists(tag))) throw tagNotFound(tag);
    return tag;
  }

  async create(tag: Tag, actor: Actor): Promise<Tag> {
    await this.db.transaction(async () => {
      await requireTagTypes(this.tagTypes, [tag], () => '/body/type');
      if ((await this.store.insertMissing([tag], this.clock.now())).length === 0)
        throw nameExists(`A tag of ${tag.type}:${tag.value} already exists`);
      await this.events.record({ type: EVENT.TAG_CREATED, actor, data: tag });
    });
    return tag;
  }

  /** For tagging features, in its transaction: creates the values not seen before, each with its `tag-created` event. */
  async createMissing(tags: Tag[], actor: Actor): Promise<void> {
    for (const tag of await this.store.insertMissing(tags, this.clock.now()))
      await this.events.record({ type: EVENT.TAG_CREATED, actor, data: tag });
  }

  async delete(tag: Tag, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      if (!(await this.store.delete(tag))) throw tagNotFound(tag);
      await this.events.record({ type: EVENT.TAG_DELETED, actor, preData: tag });
    });
  }
}

function tagNotFound(tag: Tag) {
  return notFound(`No tag with type: [${tag.type}] and value [${tag.value}]`);
}
