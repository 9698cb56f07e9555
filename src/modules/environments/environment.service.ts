import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { nameExists, notFound, validationError } from '../../core/errors/app-error.js';
import { Problems } from '../../core/http/input-problems.js';
import { EVENT, EventService } from '../events/index.js';
import { FeatureEnvironmentService } from '../features/index.js';
import { EnvironmentPermissions } from '../roles/index.js';
import { environmentNotFound, protectedEnvironment } from './environments.errors.js';
import type { Environment, EnvironmentWithCounts, ProjectEnvironment } from './environment.model.js';
import { EnvironmentReadModel } from './environment.read-model.js';
import { EnvironmentStore } from './environment.store.js';

export const DEFAULT_ENVIRONMENT_SORT_ORDER = 9999;

/** What this module asks of the features module, which owns the features' states in each environment. */
export type ProjectFeatureStates = Pick<
  FeatureEnvironmentService,
  'addProjectEnvironment' | 'removeProjectEnvironment' | 'copyProjectEnvironment'
>;

/** What this module asks of the roles module: grants limited to an environment follow it. */
export type EnvironmentGrants = Pick<EnvironmentPermissions, 'copy' | 'remove'>;

export interface UpdateEnvironmentInput {
  type?: string;
  sortOrder?: number;
}

export interface CloneEnvironmentInput {
  name: string;
  type: string;
  /** The projects to enable the clone in; by default every project that has the source enabled. */
  projects?: string[];
  /** Whether roles' grants in the source are granted in the clone too (default true). */
  clonePermissions?: boolean;
}

/** Environments, and which of them each project uses. */
@Injectable()
export class EnvironmentService {
  constructor(
    private readonly store: EnvironmentStore,
    private readonly readModel: EnvironmentReadModel,
    private readonly db: Database,
    private readonly events: EventService,
    private readonly clock: Clock,
    @Inject(FeatureEnvironmentService) private readonly featureStates: ProjectFeatureStates,
    @Inject(EnvironmentPermissions) private readonly grants: EnvironmentGrants,
  ) {}

  list(): Promise<EnvironmentWithCounts[]> {
    return this.readModel.list();
  }

  async get(name: string): Promise<EnvironmentWithCounts> {
    const found = (await this.readModel.list()).find((environment) => environment.name === name);
    if (!found) throw environmentNotFound(name);
    return found;
  }

  /** Changes the type and sort order given; the others are kept. */
  async update(name: string, input: UpdateEnvironmentInput, actor: Actor): Promise<EnvironmentWithCounts> {
    await this.change(name, actor, (before) => ({
      ...before,
      type: input.type ?? before.type,
      sortOrder: input.sortOrder ?? before.sortOrder,
    }));
    return this.get(name);
  }

  /**
   * Switches an environment on or off as a whole: a disabled environment is offered to no project (a new project
   * does not get it), while the projects that have it keep it, as in Unleash.
   */
  async setEnabled(name: string, enabled: boolean, actor: Actor): Promise<void> {
    await this.change(name, actor, (before) => ({ ...before, enabled }));
  }

  /** Gives the named environments these sort orders (others unchanged), each change with its event; all or none. */
  async setSortOrders(sortOrders: Record<string, number>, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      for (const [name, sortOrder] of Object.entries(sortOrders)) await this.change(name, actor, (before) => ({ ...before, sortOrder }));
    });
  }

  /**
   * Deletes an environment, and with it what every feature had there (its state, variants and strategies), which
   * projects enabled it, and the roles' grants limited to it, as Unleash does. API tokens for it are kept (they
   * then see nothing), as in Unleash.
   */
  async delete(name: string, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const before = await this.store.lock(name);
      if (!before) throw environmentNotFound(name);
      if (before.protected) throw protectedEnvironment(name);
      await this.grants.remove(name);
      await this.store.delete(name);
      await this.events.record({ type: EVENT.ENVIRONMENT_DELETED, actor, environment: name, preData: before });
    });
  }

  /** 409 when an environment has the name already; the name's form is checked by the request's DTO. */
  async validateName(name: string): Promise<void> {
    if (await this.readModel.find(name)) throw nameExists(`Environment ${name} already exists`);
  }

  /**
   * A new environment with the source's configuration: it is enabled in the chosen projects (by default every
   * project that has the source), where each feature gets its state (on or off, variants) and copies of its
   * strategies from the source; roles' grants in the source are granted in it too unless `clonePermissions` is false.
   */
  async clone(source: string, input: CloneEnvironmentInput, actor: Actor): Promise<EnvironmentWithCounts> {
    await this.db.transaction(async () => {
      const from = await this.store.lock(source);
      if (!from) throw environmentNotFound(source);
      const projects = input.projects ? [...new Set(input.projects)] : await this.store.projectsWith(source);
      if (input.projects) await this.requireProjects(input.projects);
      const environment = { name: input.name, type: input.type, sortOrder: from.sortOrder, enabled: true };
      const now = this.clock.now();
      if (!(await this.store.insert(environment, now))) throw nameExists(`Environment ${input.name} already exists`);
      for (const projectId of projects) {
        await this.store.enableInProject(projectId, environment.name);
        await this.featureStates.copyProjectEnvironment(projectId, source, environment.name, actor.userId, now);
      }
      if (input.clonePermissions ?? true) await this.grants.copy(source, environment.name);
      await this.events.record({
        type: EVENT.ENVIRONMENT_CREATED,
        actor,
        environment: environment.name,
        data: { ...environment, protected: false, clonedFrom: source, projects },
      });
    });
    return this.get(input.name);
  }

  async create(input: { name: string; type: string; sortOrder?: number; enabled?: boolean }, actor: Actor): Promise<EnvironmentWithCounts> {
    const environment = {
      name: input.name,
      type: input.type,
      sortOrder: input.sortOrder ?? DEFAULT_ENVIRONMENT_SORT_ORDER,
      enabled: input.enabled ?? true,
    };
    await this.db.transaction(async () => {
      if (!(await this.store.insert(environment, this.clock.now()))) throw nameExists(`Environment ${input.name} already exists`);
      await this.events.record({
        type: EVENT.ENVIRONMENT_CREATED,
        actor,
        environment: environment.name,
        data: { ...environment, protected: false },
      });
    });
    return { ...environment, protected: false, projectCount: 0, apiTokenCount: 0, enabledToggleCount: 0 };
  }

  async forProject(projectId: string): Promise<ProjectEnvironment[]> {
    const environments = await this.readModel.forProject(projectId);
    if (!environments) throw notFound(`Could not find project ${projectId}`);
    return environments;
  }

  /** For the projects module, in its transaction: a new project gets every enabled environment; answers their names. */
  enableAllInNewProject(projectId: string): Promise<string[]> {
    return this.store.enableAllInProject(projectId);
  }

  async enableInProject(projectId: string, environment: string, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const found = await this.locate(projectId, environment);
      if (!(await this.store.enableInProject(projectId, found.name))) {
        throw nameExists(`${projectId} already has the environment ${environment} enabled`);
      }
      await this.featureStates.addProjectEnvironment(projectId, found.name);
      await this.events.record({ type: EVENT.PROJECT_ENVIRONMENT_ADDED, actor, project: projectId, environment, data: { environment } });
    });
  }

  async disableInProject(projectId: string, environment: string, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      await this.locate(projectId, environment);
      if (!(await this.store.disableInProject(projectId, environment))) {
        throw notFound(`Could not find environment ${environment} in project ${projectId}`);
      }
      await this.featureStates.removeProjectEnvironment(projectId, environment);
      await this.events.record({
        type: EVENT.PROJECT_ENVIRONMENT_REMOVED,
        actor,
        project: projectId,
        environment,
        preData: { environment },
      });
    });
  }

  /** Reads the environment, held for the transaction, and writes `changed(before)` with an `environment-updated` event. */
  private async change(name: string, actor: Actor, changed: (before: Environment) => Environment): Promise<void> {
    await this.db.transaction(async () => {
      const before = await this.store.lock(name);
      if (!before) throw environmentNotFound(name);
      if (before.protected) throw protectedEnvironment(name);
      const after = changed(before);
      if (isDeepStrictEqual(after, before)) return;
      await this.store.update(name, after);
      await this.events.record({ type: EVENT.ENVIRONMENT_UPDATED, actor, environment: name, data: after, preData: before });
    });
  }

  /** 400 naming each listed project that does not exist (`/body/projects/{index}`). */
  private async requireProjects(projects: string[]): Promise<void> {
    const problems = new Problems();
    for (const [index, projectId] of projects.entries())
      if (!(await this.readModel.forProject(projectId))) problems.add(`/body/projects/${index}`, `Could not find project ${projectId}.`);
    if (problems.any) throw validationError(problems.details);
  }

  /** The project, then the environment, must exist (404 naming the first missing one). */
  private async locate(projectId: string, environment: string): Promise<Environment> {
    const location = await this.readModel.locateInProject(projectId, environment);
    if (!location.projectExists) throw notFound(`Could not find project ${projectId}`);
    if (!location.environment) throw environmentNotFound(environment);
    return location.environment;
  }
}
