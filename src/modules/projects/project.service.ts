import { Injectable } from '@nestjs/common';
import { DEFAULT_PROJECT } from '../../core/access/permissions.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { Database } from '../../core/database/database.js';
import { invalidProperty, nameExists, notFound } from '../../core/errors/app-error.js';
import { EnvironmentService } from '../environments/index.js';
import { EVENT, EventService } from '../events/index.js';
import { FeatureService } from '../features/index.js';
import { ProjectAccessService } from '../project-access/index.js';
import { type NewProject, type Project, PROJECT_MODE, type ProjectOverview, type ProjectSummary } from './project.model.js';
import { ProjectReadModel } from './project.read-model.js';
import { ProjectStore } from './project.store.js';

export interface CreateProjectInput {
  id?: string;
  name: string;
  description?: string | null;
  defaultStickiness?: string;
}

export interface UpdateProjectInput {
  name: string;
  description?: string | null;
  defaultStickiness?: string;
}

export interface CreatedProject {
  id: string;
  name: string;
  description: string | null;
  mode: typeof PROJECT_MODE;
  defaultStickiness: string;
  environments: string[];
}

/** Projects: creation (with every enabled environment and the creator as Owner), changes and deletion. */
@Injectable()
export class ProjectService {
  constructor(
    private readonly store: ProjectStore,
    private readonly readModel: ProjectReadModel,
    private readonly environments: EnvironmentService,
    private readonly features: FeatureService,
    private readonly access: ProjectAccessService,
    private readonly db: Database,
    private readonly events: EventService,
    private readonly clock: Clock,
  ) {}

  list(): Promise<ProjectSummary[]> {
    return this.readModel.list();
  }

  async get(projectId: string): Promise<ProjectOverview> {
    const project = await this.readModel.overview(projectId);
    if (!project) throw notFound(`Could not find project ${projectId}`);
    return project;
  }

  async create(input: CreateProjectInput, principal: Principal, actor: Actor): Promise<CreatedProject> {
    const project: NewProject = {
      id: input.id ?? (await this.freeIdFor(input.name)),
      name: input.name.trim(),
      description: input.description || null,
      defaultStickiness: input.defaultStickiness ?? 'default',
    };
    return this.db.transaction(async () => {
      const now = this.clock.now();
      if (!(await this.store.insert(project, now))) throw nameExists('A project with this id already exists.');
      const environments = await this.environments.enableAllInNewProject(project.id);
      // Whoever creates a project owns it (Unleash's default project roles); API tokens have no user to own it.
      if (principal.kind === 'user') await this.access.addCreatorAsOwner(project.id, principal.id, now);
      const created: CreatedProject = { ...project, mode: PROJECT_MODE, environments: environments.sort() };
      await this.events.record({ type: EVENT.PROJECT_CREATED, actor, project: project.id, data: created });
      return created;
    });
  }

  async update(projectId: string, input: UpdateProjectInput, actor: Actor): Promise<void> {
    await this.db.transaction(async () => {
      const before = await this.readModel.find(projectId);
      if (!before) throw notFound(`Could not find project ${projectId}`);
      const changes = {
        name: input.name.trim(),
        description: input.description === undefined ? undefined : input.description || null,
        defaultStickiness: input.defaultStickiness,
      };
      const after: Project = {
        ...before,
        name: changes.name,
        description: changes.description === undefined ? before.description : changes.description,
        defaultStickiness: changes.defaultStickiness ?? before.defaultStickiness,
      };
      const preData = metadataOf(before);
      const data = metadataOf(after);
      if (JSON.stringify(preData) === JSON.stringify(data)) return;
      await this.store.update(projectId, changes, this.clock.now());
      await this.events.record({ type: EVENT.PROJECT_UPDATED, actor, project: projectId, data, preData });
    });
  }

  /** Refused for `default` and while the project has active features; its archived features are deleted with it. */
  async delete(projectId: string, actor: Actor): Promise<void> {
    if (projectId === DEFAULT_PROJECT) throw invalidProperty('/params/projectId', 'You can not delete the default project!');
    await this.db.transaction(async () => {
      if (!(await this.store.lock(projectId))) throw notFound(`Could not find project ${projectId}`);
      const features = await this.store.featuresOf(projectId);
      const active = features.filter((feature) => !feature.archived).map((feature) => feature.name);
      if (active.length > 0) {
        throw invalidProperty(
          '/params/projectId',
          `You can not delete a project with active feature flags: archive ${active.length === 1 ? 'the feature' : `its ${active.length} features`} first (${active.slice(0, 10).join(', ')}${active.length > 10 ? ', …' : ''}).`,
        );
      }
      await this.features.deleteArchived(
        features.map((feature) => feature.name),
        actor,
      );
      const before = await this.readModel.find(projectId);
      await this.store.delete(projectId);
      await this.events.record({ type: EVENT.PROJECT_DELETED, actor, project: projectId, preData: before && metadataOf(before) });
    });
  }

  /** A URL-safe id made from the name, with `-1`, `-2`, … appended while it is taken. */
  private async freeIdFor(name: string): Promise<string> {
    const slug =
      name
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9_.~-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 90) || 'project';
    for (let batch = 0; ; batch += 1) {
      const candidates = Array.from({ length: 20 }, (_, i) => batch * 20 + i).map((n) => (n === 0 ? slug : `${slug}-${n}`));
      const taken = await this.readModel.takenIds(candidates);
      const free = candidates.find((candidate) => !taken.has(candidate));
      if (free) return free;
    }
  }
}

function metadataOf(project: Project) {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    mode: PROJECT_MODE,
    defaultStickiness: project.defaultStickiness,
  };
}
