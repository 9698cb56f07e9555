import { ROLE } from '../../core/access/permissions.js';
import { failure } from '../../core/testing/failure.js';
import { ACTOR, apiTokenPrincipal, userPrincipal } from '../../core/testing/principals.js';
import { EnvironmentService } from '../environments/index.js';
import { FakeEnvironmentReadModel } from '../environments/testing/environment-read-model.fake.js';
import { FakeEnvironmentStore } from '../environments/testing/environment-store.fake.js';
import { FakeEnvironmentGrants, FakeProjectFeatureStates } from '../environments/testing/project-feature-states.fake.js';
import { fakeFeatureService, featureFakes } from '../features/testing/feature-services.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import { ProjectAccessService } from '../project-access/index.js';
import { FakeProjectAccessReadModel } from '../project-access/testing/project-access-read-model.fake.js';
import { FakeProjectAccessStore } from '../project-access/testing/project-access-store.fake.js';
import { FakeRoleReadModel } from '../roles/testing/role-read-model.fake.js';
import { ProjectService } from './project.service.js';
import { FakeProjectReadModel } from './testing/project-read-model.fake.js';
import { FakeProjectStore } from './testing/project-store.fake.js';

function buildProjects() {
  const features = featureFakes();
  const store = new FakeProjectStore(features.tables);
  const readModel = new FakeProjectReadModel(store);
  const db = features.db.asDatabase();
  // Project events are recorded by EventService, feature events (from deleting archived features) by FeatureEvents.
  const { events, eventStore } = recordingEvents(features.clock);
  const environments = new FakeEnvironmentStore();
  const environmentService = new EnvironmentService(
    environments,
    new FakeEnvironmentReadModel(environments),
    db,
    events,
    features.clock,
    new FakeProjectFeatureStates(),
    new FakeEnvironmentGrants(),
  );
  const access = new FakeProjectAccessStore();
  const accessService = new ProjectAccessService(
    access,
    new FakeProjectAccessReadModel(access),
    new FakeRoleReadModel(),
    db,
    events,
    features.clock,
  );
  const service = new ProjectService(
    store,
    readModel,
    environmentService,
    fakeFeatureService(features).service,
    accessService,
    db,
    events,
    features.clock,
  );
  return {
    service,
    store,
    readModel,
    environments,
    access,
    tables: features.tables,
    db: features.db,
    recorded: eventStore.recorded,
    featureEvents: features.recorded,
  };
}

const CREATED = {
  id: 'web',
  name: 'Web',
  description: null,
  mode: 'open',
  defaultStickiness: 'default',
  environments: ['development', 'production'],
};

describe('ProjectService', () => {
  it('creates a project with every enabled environment and its creator as Owner, in a transaction with its event', async () => {
    const { service, store, environments, access, db, recorded } = buildProjects();
    expect(await service.create({ id: 'web', name: ' Web ', description: '' }, userPrincipal(3), ACTOR)).toEqual(CREATED);
    expect(store.rows.at(-1)).toMatchObject({ id: 'web', name: 'Web', description: null, createdAt: '2024-05-01T10:00:00.000Z' });
    expect([...environments.projects.get('web')!]).toEqual(['development', 'production']);
    expect(access.held('web')).toEqual([`user:3:${ROLE.OWNER}`]);
    expect(db.transactionsOpened).toBe(1);
    expect(recorded).toEqual([{ type: 'project-created', actor: ACTOR, project: 'web', data: CREATED }]);
  });

  it('gives no Owner for a project an API token creates, and answers 409 for a taken id', async () => {
    const { service, access } = buildProjects();
    await service.create({ id: 'web', name: 'Web' }, apiTokenPrincipal(), ACTOR);
    expect(access.held('web')).toEqual([]);
    expect(await failure(service.create({ id: 'web', name: 'Again' }, apiTokenPrincipal(), ACTOR))).toMatchObject({
      name: 'NameExistsError',
      message: 'A project with this id already exists.',
    });
  });

  it('makes a URL-safe id from the name when none is given, numbered while taken', async () => {
    const { service, store } = buildProjects();
    expect((await service.create({ name: 'Crème Brûlée / Ops!' }, apiTokenPrincipal(), ACTOR)).id).toBe('creme-brulee-ops');
    expect((await service.create({ name: 'Default' }, apiTokenPrincipal(), ACTOR)).id).toBe('default-1');
    expect((await service.create({ name: 'default' }, apiTokenPrincipal(), ACTOR)).id).toBe('default-2');
    expect((await service.create({ name: '***' }, apiTokenPrincipal(), ACTOR)).id).toBe('project');
    // The first 20 candidates (busy, busy-1 … busy-19) and more are taken: the next batch is asked for.
    for (const id of ['busy', ...Array.from({ length: 25 }, (_, i) => `busy-${i + 1}`)]) {
      await store.insert({ id, name: 'b', description: null, defaultStickiness: 'default' }, new Date());
    }
    expect((await service.create({ name: 'busy' }, apiTokenPrincipal(), ACTOR)).id).toBe('busy-26');
  });

  it('updates name, description and stickiness given, records before and after, and nothing when nothing changes', async () => {
    const { service, store, recorded } = buildProjects();
    await service.update('other', { name: ' other ' }, ACTOR);
    expect(recorded).toEqual([]);
    await service.update('other', { name: 'Other', description: 'd', defaultStickiness: 'userId' }, ACTOR);
    expect(store.rows.find((row) => row.id === 'other')).toMatchObject({ name: 'Other', description: 'd', defaultStickiness: 'userId' });
    expect(recorded).toEqual([
      {
        type: 'project-updated',
        actor: ACTOR,
        project: 'other',
        data: { id: 'other', name: 'Other', description: 'd', mode: 'open', defaultStickiness: 'userId' },
        preData: { id: 'other', name: 'other', description: null, mode: 'open', defaultStickiness: 'default' },
      },
    ]);
    await service.update('other', { name: 'Other', description: '' }, ACTOR);
    expect(store.rows.find((row) => row.id === 'other')?.description).toBeNull();
    expect((await failure(service.update('nope', { name: 'x' }, ACTOR))).message).toBe('Could not find project nope');
  });

  it('never deletes the default project, nor one with active features, named (ten at most)', async () => {
    const { service, tables, store } = buildProjects();
    expect(await failure(service.delete('default', ACTOR))).toMatchObject({
      name: 'ValidationError',
      details: [{ path: '/params/projectId', message: 'You can not delete the default project!' }],
    });
    tables.addFeature('only', 'other');
    expect((await failure(service.delete('other', ACTOR))).message).toBe(
      'You can not delete a project with active feature flags: archive the feature first (only).',
    );
    for (let n = 10; n < 21; n++) tables.addFeature(`f${n}`, 'other');
    expect((await failure(service.delete('other', ACTOR))).message).toBe(
      'You can not delete a project with active feature flags: archive its 12 features first (f10, f11, f12, f13, f14, f15, f16, f17, f18, f19, …).',
    );
    expect(store.rows.map((row) => row.id)).toEqual(['default', 'other']);
    expect((await failure(service.delete('nope', ACTOR))).message).toBe('Could not find project nope');
  });

  it('deletes a project holding its row, its archived features with it, each with its event', async () => {
    const { service, tables, store, recorded, featureEvents } = buildProjects();
    tables.addFeature('old', 'other', { archivedAt: '2024-02-01T00:00:00.000Z' });
    await service.delete('other', ACTOR);
    expect(store.locked).toEqual(['other']);
    expect(store.rows.map((row) => row.id)).toEqual(['default']);
    expect(tables.features.size).toBe(0);
    expect(featureEvents.map((event) => [event.type, event.featureName])).toEqual([['feature-deleted', 'old']]);
    expect(recorded).toEqual([
      {
        type: 'project-deleted',
        actor: ACTOR,
        project: 'other',
        preData: { id: 'other', name: 'other', description: null, mode: 'open', defaultStickiness: 'default' },
      },
    ]);
  });

  it('lists projects and answers one with its environments, or 404', async () => {
    const { service, tables, readModel } = buildProjects();
    tables.addFeature('a');
    tables.addFeature('b', 'default', { stale: true });
    readModel.memberCounts.set('default', 2);
    expect((await service.list()).map((project) => [project.id, project.featureCount, project.health])).toEqual([
      ['default', 2, 50],
      ['other', 0, 100],
    ]);
    expect(await service.get('default')).toMatchObject({
      id: 'default',
      memberCount: 2,
      environments: [{ environment: 'development' }, { environment: 'production' }],
    });
    expect(await failure(service.get('nope'))).toMatchObject({ name: 'NotFoundError', message: 'Could not find project nope' });
  });
});
