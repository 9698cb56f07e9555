import { Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { nameExists, notFound } from '../../core/errors/app-error.js';
import { EVENT, EventService } from '../events/index.js';
import type { TagType } from './tag.model.js';
import { TagTypeStore } from './tag-type.store.js';

export interface TagTypeInput {
  name: string;
  description?: string | null;
  icon?: string | null;
  color?: string | null;
}

/** Tag types: the kinds of tags features can carry. */
@Injectable()
export class TagTypeService {
  constructor(
    private readonly store: TagTypeStore,
    private readonly db: Database,
    private readonly events: EventService,
    private readonly clock: Clock,
  ) {}

  list(): Promise<TagType[]> {
    return this.store.list();
  }

  async get(name: string): Promise<TagType> {
    const tagType = await this.store.find(name);
    if (!tagType) throw notFound(`Could not find tag type ${name}`);
    return tagType;
  }

  /** Whether a type could be created with this name: 409 when the name is taken. */
  async validate(input: TagTypeInput): Promise<TagType> {
    if (await this.store.find(input.name)) throw nameExists(`There is already a tag type called ${input.name}`);
    return toTagType(input);
  }

  async create(input: TagTypeInput, actor: Actor): Promise<TagType> {
    const tagType = toTagType(input);
    await this.db.transaction(async () => {
      if (!(await this.store.insert(tagType, this.clock.now()))) throw nameExists(`There is already a tag type called ${input.name}`);
      await this.events.record({ type: EVENT.TAG_TYPE_CREATED, actor, data: tagType });
    });
    return tagType;
  }

  /** Changes the fields given; the others are kept. */
  async update(name: string, input: Omit<TagTypeInput, 'name'>, actor: Actor): Promise<TagType> {
    return this.db.transaction(async () => {
      const before = await this.get(name);
      const after: TagType = {
        name,
        description: input.description === undefined ? before.description : input.description,
        icon: input.icon === undefined ? before.icon : input.icon,
        color: input.color === undefined ? before.color : input.color,
      };
      await this.store.update(after);
      await this.events.record({ type: EVENT.TAG_TYPE_UPDATED, actor, data: after, preData: before });
      return after;
    });
  }

  /** Deletes the type and, with it, every tag of that type on features. */
  async delete(name: string, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const before = await this.get(name);
      await this.store.delete(name);
      await this.events.record({ type: EVENT.TAG_TYPE_DELETED, actor, preData: before });
    });
  }
}

function toTagType(input: TagTypeInput): TagType {
  return { name: input.name, description: input.description ?? null, icon: input.icon ?? null, color: input.color ?? null };
}
