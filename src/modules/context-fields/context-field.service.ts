import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { invalidProperty } from '../../core/errors/app-error.js';
import { describe } from '../../core/http/input-problems.js';
import { validatedInput } from '../../core/http/request-validation.pipe.js';
import { EVENT, EventService } from '../events/index.js';
import { CreateContextFieldSchema, toLegalValues, type UpdateContextFieldSchema } from './context-field.dto.js';
import {
  contextFieldInUse,
  contextFieldNameTaken,
  contextFieldNotFound,
  contextFieldNotInProject,
  projectNotFound,
} from './context-fields.errors.js';
import type { ContextField, ContextFieldInput, ContextFieldStrategy, ContextFieldWithUsage, LegalValue } from './context-field.model.js';
import { ContextFieldReadModel } from './context-field.read-model.js';
import { ContextFieldStore } from './context-field.store.js';

/** Which fields a listing shows: the root ones, or one project's; `include` adds the others as Unleash's does. */
export interface ContextFieldScope {
  projectId?: string;
  include?: string;
}

/**
 * Context fields: create, change, delete, legal values. Names are unique across root and project fields and never
 * change (the name is the URL's). A field that strategies of flags not archived name cannot be deleted (409, as
 * Unleash answers); its legal values can be removed, which leaves existing constraints as they are (as in Unleash).
 * Routes under a project act only on that project's fields (404 otherwise).
 */
@Injectable()
export class ContextFieldService {
  constructor(
    private readonly store: ContextFieldStore,
    private readonly readModel: ContextFieldReadModel,
    private readonly events: EventService,
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  async list({ projectId, include }: ContextFieldScope): Promise<ContextFieldWithUsage[]> {
    const [fields, usage] = await Promise.all([this.store.list(), this.readModel.usage()]);
    const shown = fields.filter((field) =>
      projectId === undefined
        ? field.project === null || /^project$/i.test(include ?? '')
        : field.project === projectId || (field.project === null && /^root$/i.test(include ?? '')),
    );
    return shown.map((field) => ({ ...field, ...(usage.get(field.name) ?? { usedInFeatures: 0, usedInProjects: 0 }) }));
  }

  async get(name: string, projectId?: string): Promise<ContextFieldWithUsage> {
    const field = inScope(await this.store.find(name, false), name, projectId);
    const usage = (await this.readModel.usage()).get(name) ?? { usedInFeatures: 0, usedInProjects: 0 };
    return { ...field, ...usage };
  }

  /** Unleash answers an empty list for a field that does not exist. */
  strategiesUsing(name: string): Promise<ContextFieldStrategy[]> {
    return this.readModel.strategiesUsing(name);
  }

  async create(body: CreateContextFieldSchema, actor: Actor, projectId?: string): Promise<ContextFieldWithUsage> {
    const input: ContextFieldInput = {
      name: body.name,
      description: body.description ?? null,
      stickiness: body.stickiness ?? false,
      sortOrder: body.sortOrder ?? 0,
      legalValues: toLegalValues(body.legalValues),
      project: await this.checkedProject(body.project, projectId),
    };
    return this.db.transaction(async () => {
      const created = await this.store.insert(input, this.clock.now());
      if (!created) throw contextFieldNameTaken();
      await this.events.record({ type: EVENT.CONTEXT_FIELD_CREATED, actor, project: created.project ?? undefined, data: created });
      return { ...created, usedInFeatures: 0, usedInProjects: 0 };
    });
  }

  /** Replaces description, stickiness, sort order, legal values and project; omitted ones get their defaults, as in Unleash. */
  async update(name: string, body: UpdateContextFieldSchema, actor: Actor, projectId?: string): Promise<void> {
    if (body.name !== undefined && body.name !== name) {
      throw invalidProperty(
        '/body/name',
        `The \`/body/name\` property must be the name in the URL (${name}): a context field cannot be renamed. You sent ${describe(body.name)}.`,
      );
    }
    const project = await this.checkedProject(body.project, projectId);
    await this.change(name, actor, projectId, (current) => ({
      ...current,
      description: body.description ?? null,
      stickiness: body.stickiness ?? false,
      sortOrder: body.sortOrder ?? 0,
      legalValues: toLegalValues(body.legalValues),
      project,
    }));
  }

  /** Adds the legal value, or gives an existing one the new description. */
  async upsertLegalValue(name: string, legalValue: LegalValue, actor: Actor, projectId?: string): Promise<void> {
    await this.change(name, actor, projectId, (current) => {
      const index = current.legalValues.findIndex((existing) => existing.value === legalValue.value);
      const legalValues =
        index === -1
          ? [...current.legalValues, legalValue]
          : current.legalValues.map((existing, i) => (i === index ? legalValue : existing));
      return { ...current, legalValues };
    });
  }

  /** Removes the legal value (nothing when the field has no such value); constraints using it are left as they are. */
  async deleteLegalValue(name: string, value: string, actor: Actor, projectId?: string): Promise<void> {
    await this.change(name, actor, projectId, (current) => ({
      ...current,
      legalValues: current.legalValues.filter((existing) => existing.value !== value),
    }));
  }

  async delete(name: string, actor: Actor, projectId?: string): Promise<void> {
    await this.db.transaction(async () => {
      const current = inScope(await this.store.find(name, true), name, projectId);
      if ((await this.readModel.strategiesUsing(name)).length > 0) throw contextFieldInUse();
      await this.store.delete(name);
      await this.events.record({ type: EVENT.CONTEXT_FIELD_DELETED, actor, project: current.project ?? undefined, preData: current });
    });
  }

  /** What a create with this name would refuse about the name: its rules (400), or a field that has it (409). */
  /** As creating would check the name (and, for a project's field, that the project exists). */
  async validateName(name: unknown, projectId?: string): Promise<void> {
    validatedInput(CreateContextFieldSchema, { name }, '/body', this.config);
    if (projectId !== undefined) await this.checkedProject(undefined, projectId);
    if (await this.store.find(name as string, false)) throw contextFieldNameTaken();
  }

  /** Writes the field as `next` makes it, with its event, in one transaction holding the row. */
  private async change(
    name: string,
    actor: Actor,
    projectId: string | undefined,
    next: (current: ContextField) => ContextField,
  ): Promise<void> {
    await this.db.transaction(async () => {
      const current = inScope(await this.store.find(name, true), name, projectId);
      const updated = next(current);
      await this.store.update(updated);
      await this.events.record({
        type: EVENT.CONTEXT_FIELD_UPDATED,
        actor,
        project: updated.project ?? current.project ?? undefined,
        data: updated,
        preData: current,
      });
    });
  }

  /**
   * The project of a field: the URL's under a project (a body naming another is refused), otherwise the body's,
   * which must exist; null for a root field.
   */
  private async checkedProject(sent: string | null | undefined, projectId: string | undefined): Promise<string | null> {
    if (projectId !== undefined) {
      if (sent !== undefined && sent !== null && sent !== projectId) {
        throw invalidProperty(
          '/body/project',
          `The \`/body/project\` property must be the project in the URL (${projectId}) or be left out. You sent ${describe(sent)}.`,
        );
      }
      if (!(await this.readModel.projectExists(projectId))) throw projectNotFound(projectId);
      return projectId;
    }
    if (sent === undefined || sent === null) return null;
    if (!(await this.readModel.projectExists(sent))) {
      throw invalidProperty(
        '/body/project',
        `The \`/body/project\` property must be the id of an existing project, or null. You sent ${describe(sent)}.`,
      );
    }
    return sent;
  }
}

/** The field, when it exists and (under a project's route) belongs to that project; otherwise the 404. */
function inScope(field: ContextField | undefined, name: string, projectId: string | undefined): ContextField {
  if (!field) throw contextFieldNotFound(name);
  if (projectId !== undefined && field.project !== projectId) throw contextFieldNotInProject(name, projectId);
  return field;
}
