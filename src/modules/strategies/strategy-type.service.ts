import { isDeepStrictEqual } from 'node:util';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { ChangeWatcher } from '../../core/database/change-watcher.js';
import { Database } from '../../core/database/database.js';
import { STRATEGY_TYPES_GENERATION } from '../../core/database/migrations/1700000014000-strategy-types-generation.js';
import { nameExists, notFound, validationError } from '../../core/errors/app-error.js';
import { EVENT, EventService, type EventType } from '../events/index.js';
import type { StrategyType } from './strategy.model.js';
import { type StrategyParameterDefinition, type StrategyTypeChanges, UNDEPRECATABLE_STRATEGY_TYPE } from './strategy-type.model.js';
import { StrategyTypeStore } from './strategy-type.store.js';
import { undeprecatableStrategyType } from './strategies.errors.js';

/** A parameter definition as a request gives it: description and required may be omitted. */
type ParameterInput = Omit<StrategyParameterDefinition, 'description' | 'required'> & { description?: string | null; required?: boolean };

/** What a create or update body carries (the DTOs of strategy-type.dto.ts). */
export type StrategyTypeInput = Omit<StrategyTypeChanges, 'parameters'> & { parameters: ParameterInput[] };

/** How many feature names a "type in use" refusal lists before it only counts. */
const FEATURES_NAMED = 10;

/**
 * Strategy types: the built-ins (default, flexibleRollout, remoteAddress, applicationHostname) and the custom types
 * applications implement themselves. Answers 400 (body) → 404 (the type of the URL) → 400 / 403 (what the type's
 * state forbids: changing or deleting a built-in, deleting a type in use, deprecating `default`) → 409 (name taken).
 * Every change is one transaction with its event; a change that changes nothing records none.
 */
@Injectable()
export class StrategyTypeService {
  /** The list as last read, with the `strategy_types` generation read before it (so no newer than the list). */
  private kept?: { generation: string; types: StrategyType[] };

  constructor(
    private readonly store: StrategyTypeStore,
    private readonly db: Database,
    private readonly events: EventService,
    private readonly clock: Clock,
    private readonly changes: ChangeWatcher,
  ) {}

  /**
   * Every type, from memory while the `strategy_types` generation stands still (database triggers move it with every
   * write of a type, on any instance): a change is seen at once on the instance that made it, within the
   * ChangeWatcher's interval on the others. The list is shared by every caller, who only serializes it.
   */
  async list(): Promise<StrategyType[]> {
    const generation = await this.changes.current(STRATEGY_TYPES_GENERATION);
    if (this.kept?.generation === generation) return this.kept.types;
    const types = await this.store.list();
    this.kept = { generation, types };
    return types;
  }

  async get(name: string): Promise<StrategyType> {
    return found(await this.store.find(name), name);
  }

  async create(name: string, input: StrategyTypeInput, actor: Actor): Promise<StrategyType> {
    const type: StrategyType = {
      name,
      displayName: input.title ?? null,
      description: input.description ?? null,
      editable: true,
      deprecated: input.deprecated ?? false,
      parameters: input.parameters.map(toDefinition),
    };
    await this.db.transaction(async () => {
      // The built-ins' rows always exist, so their names are refused here like any other taken name.
      if (!(await this.store.insert(type, this.clock.now()))) throw nameExists(`There is already a strategy type called ${name}`);
      await this.events.record({ type: EVENT.STRATEGY_CREATED, actor, data: type });
    });
    return type;
  }

  /** Replaces the parameters; title (the display name) and description are kept when omitted, cleared by null. */
  async update(name: string, input: Omit<StrategyTypeInput, 'deprecated'>, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const before = custom(found(await this.store.find(name, 'update'), name), 'changed');
      const after: StrategyType = {
        ...before,
        displayName: input.title === undefined ? before.displayName : input.title,
        description: input.description === undefined ? before.description : input.description,
        parameters: input.parameters.map(toDefinition),
      };
      await this.save(EVENT.STRATEGY_UPDATED, before, after, actor);
    });
  }

  /** Deletes a custom type no strategy names (strategies of archived features included: they can be revived). */
  async delete(name: string, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const before = custom(found(await this.store.find(name, 'update'), name), 'deleted');
      const usage = await this.store.usage(name);
      if (usage.strategies > 0) throw validationError([{ message: inUseMessage(name, usage) }]);
      await this.store.delete(name);
      await this.events.record({ type: EVENT.STRATEGY_DELETED, actor, preData: before });
    });
  }

  /** Marks a type (built-in or custom) deprecated; its strategies keep working. `default` cannot be (403, as Unleash). */
  async deprecate(name: string, actor: Actor): Promise<void> {
    if (name === UNDEPRECATABLE_STRATEGY_TYPE) throw undeprecatableStrategyType(name);
    await this.setDeprecated(name, true, EVENT.STRATEGY_DEPRECATED, actor);
  }

  async reactivate(name: string, actor: Actor): Promise<void> {
    await this.setDeprecated(name, false, EVENT.STRATEGY_REACTIVATED, actor);
  }

  private async setDeprecated(name: string, deprecated: boolean, event: EventType, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const before = found(await this.store.find(name, 'update'), name);
      await this.save(event, before, { ...before, deprecated }, actor);
    });
  }

  /** Writes the type and its event, unless nothing changed. */
  private async save(event: EventType, before: StrategyType, after: StrategyType, actor: Actor): Promise<void> {
    if (isDeepStrictEqual(before, after)) return;
    await this.store.update(after);
    await this.events.record({ type: event, actor, data: after, preData: before });
  }
}

function found(type: StrategyType | undefined, name: string): StrategyType {
  if (!type) throw notFound(`Could not find strategy type with name ${name}`);
  return type;
}

/** Built-in types are not editable: the SDKs implement them, so their definition is fixed. */
function custom(type: StrategyType, change: 'changed' | 'deleted'): StrategyType {
  if (!type.editable) throw validationError([{ message: `Strategy type ${type.name} is built in and cannot be ${change}.` }]);
  return type;
}

function toDefinition(input: ParameterInput): StrategyParameterDefinition {
  return { name: input.name, type: input.type, description: input.description ?? '', required: input.required ?? false };
}

function inUseMessage(name: string, usage: { strategies: number; features: string[] }): string {
  const named = usage.features.slice(0, FEATURES_NAMED).join(', ');
  const more = usage.features.length > FEATURES_NAMED ? ` and ${usage.features.length - FEATURES_NAMED} more` : '';
  const strategies = usage.strategies === 1 ? '1 strategy' : `${usage.strategies} strategies`;
  const features = usage.features.length === 1 ? 'feature' : 'features';
  return `Strategy type ${name} is in use by ${strategies} of ${features} ${named}${more}; remove them before deleting the type.`;
}
