import { Inject, Injectable } from '@nestjs/common';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { nameExists, notFound } from '../../core/errors/app-error.js';
import { EVENT, EventService } from '../events/index.js';
import { FeatureEnvironmentService } from '../features/index.js';
import type { Environment, EnvironmentWithCounts, ProjectEnvironment } from './environment.model.js';
import { EnvironmentReadModel } from './environment.read-model.js';
import { EnvironmentStore } from './environment.store.js';

export const DEFAULT_ENVIRONMENT_SORT_ORDER = 9999;

/** What this module asks of the features module, which owns the features' states in each environment. */
export type ProjectFeatureStates = Pick<FeatureEnvironmentService, 'addProjectEnvironment' | 'removeProjectEnvironment'>;

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
  ) {}

  list(): Promise<EnvironmentWithCounts[]> {
    return this.readModel.list();
  }

  async get(name: string): Promise<EnvironmentWithCounts> {
    const found = (await this.readModel.list()).find((environment) => environment.name === name);
    if (!found) throw notFound(`Could not find environment ${name}`);
    return found;
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

  /** The project, then the environment, must exist (404 naming the first missing one). */
  private async locate(projectId: string, environment: string): Promise<Environment> {
    const location = await this.readModel.locateInProject(projectId, environment);
    if (!location.projectExists) throw notFound(`Could not find project ${projectId}`);
    if (!location.environment) throw notFound(`Could not find environment ${environment}`);
    return location.environment;
  }
}
