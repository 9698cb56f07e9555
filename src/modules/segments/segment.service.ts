import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { type AppError, nameExists, notFound, validationError } from '../../core/errors/app-error.js';
import { describe, Problems } from '../../core/http/input-problems.js';
import { validatedInput } from '../../core/http/request-validation.pipe.js';
import { ConstraintChecker } from '../context-fields/index.js';
import { EVENT, EventService } from '../events/index.js';
import { UpsertSegmentSchema } from './segment.dto.js';
import type { Segment, SegmentInput, SegmentWithUsage } from './segment.model.js';
import { type SegmentStrategy, SegmentReadModel } from './segment.read-model.js';
import { SegmentStore } from './segment.store.js';

/**
 * Segments: named constraint lists that strategies attach by id. Answers 400 (unknown project; the body is validated before) → 404 (the
 * segment of the URL) → 409 (name taken). A segment in use by a strategy cannot be deleted, nor limited to a
 * project other than those of the strategies using it.
 */
@Injectable()
export class SegmentService {
  constructor(
    private readonly store: SegmentStore,
    private readonly readModel: SegmentReadModel,
    private readonly constraints: ConstraintChecker,
    private readonly events: EventService,
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  async list(): Promise<SegmentWithUsage[]> {
    const segments = await this.store.list();
    const usage = await this.readModel.usage(segments.map((segment) => segment.id));
    return segments.map((segment) => ({ ...segment, ...(usage.get(segment.id) ?? { usedInFeatures: 0, usedInProjects: 0 }) }));
  }

  async get(id: number): Promise<SegmentWithUsage> {
    const segment = await this.store.find(id, false);
    if (!segment) throw segmentNotFound(id);
    return this.withUsage(segment);
  }

  /** The segments the strategy uses, by id; none for a strategy that does not exist (as Unleash answers). */
  async usedByStrategy(strategyId: string): Promise<SegmentWithUsage[]> {
    const ids = new Set(await this.readModel.segmentIdsOf(strategyId));
    return ids.size === 0 ? [] : (await this.list()).filter((segment) => ids.has(segment.id));
  }

  async strategiesUsing(id: number): Promise<SegmentStrategy[]> {
    if (!(await this.store.find(id, false))) throw segmentNotFound(id);
    return this.readModel.strategiesUsing(id);
  }

  async create(input: SegmentInput, actor: Actor): Promise<SegmentWithUsage> {
    await this.checkReferences(input);
    return this.db.transaction(async () => {
      const created = await this.store.insert(input, actor.username, this.clock.now());
      if (!created) throw nameTaken(input.name);
      await this.events.record({ type: EVENT.SEGMENT_CREATED, actor, project: created.project ?? undefined, data: created });
      return { ...created, usedInFeatures: 0, usedInProjects: 0 };
    });
  }

  async update(id: number, input: SegmentInput, actor: Actor): Promise<void> {
    await this.checkReferences(input);
    await this.db.transaction(async () => {
      const current = await this.store.find(id, true);
      if (!current) throw segmentNotFound(id);
      if (input.project !== null) {
        const elsewhere = (await this.readModel.strategiesUsing(id)).filter((strategy) => strategy.projectId !== input.project);
        if (elsewhere.length > 0) {
          const projects = [...new Set(elsewhere.map((strategy) => strategy.projectId))].join(', ');
          throw validationError([
            {
              path: '/body/project',
              message: `The \`/body/project\` property cannot limit the segment to project ${input.project}: strategies in project(s) ${projects} use it.`,
            },
          ]);
        }
      }
      if (input.name !== current.name && (await this.store.nameTakenByAnother(input.name, id))) throw nameTaken(input.name);
      const updated: Segment = { ...current, ...input };
      await this.store.update(id, input);
      await this.events.record({
        type: EVENT.SEGMENT_UPDATED,
        actor,
        project: updated.project ?? undefined,
        data: updated,
        preData: current,
      });
    });
  }

  async delete(id: number, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const current = await this.store.find(id, true);
      if (!current) throw segmentNotFound(id);
      const users = await this.readModel.strategiesUsing(id);
      if (users.length > 0) {
        throw validationError([
          {
            message: `Segment ${id} is in use by ${users.length} ${users.length === 1 ? 'strategy' : 'strategies'}; remove it from them before deleting it.`,
          },
        ]);
      }
      await this.store.delete(id);
      await this.events.record({ type: EVENT.SEGMENT_DELETED, actor, project: current.project ?? undefined, preData: current });
    });
  }

  /** What a create with this name would refuse about the name: its rule (400), or a segment that has it (409). */
  async validateName(name: unknown): Promise<void> {
    const { name: checked } = validatedInput(UpsertSegmentSchema, { name, constraints: [] }, '/body', this.config);
    if (await this.store.nameTaken(checked.trim())) throw nameTaken(checked.trim());
  }

  /** The project must exist; the constraints keep to the legal values of the context fields they name. */
  private async checkReferences(input: SegmentInput): Promise<void> {
    const problems = new Problems();
    if (input.project !== null && !(await this.readModel.projectExists(input.project))) {
      problems.add(
        '/body/project',
        `The \`/body/project\` property must be the id of an existing project, or null. You sent ${describe(input.project)}.`,
      );
    }
    await this.constraints.checkLegalValues(input.constraints, '/body/constraints', problems);
    if (problems.any) throw validationError(problems.details);
  }

  private async withUsage(segment: Segment): Promise<SegmentWithUsage> {
    const usage = (await this.readModel.usage([segment.id])).get(segment.id) ?? { usedInFeatures: 0, usedInProjects: 0 };
    return { ...segment, ...usage };
  }
}

function segmentNotFound(id: number): AppError {
  return notFound(`Could not find segment with id ${id}`);
}

function nameTaken(name: string): AppError {
  return nameExists(`There is already a segment named "${name}".`);
}
