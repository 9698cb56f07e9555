import { failure } from '../../core/testing/failure.js';
import { ACTOR } from '../../core/testing/principals.js';
import { FakeFeatureTypeStore } from '../feature-types/testing/feature-type-store.fake.js';
import { fakeFeatureService, featureFakes } from './testing/feature-services.js';

const NOW = '2024-05-01T10:00:00.000Z';
const ARCHIVED_AT = '2024-02-01T00:00:00.000Z';

function buildFeatures() {
  const fakes = featureFakes();
  return { ...fakeFeatureService(fakes), ...fakes };
}

describe('FeatureService', () => {
  it("creates a feature switched off in each of its project's environments, at stage initial, with its event", async () => {
    const { service, tables, db, recorded } = buildFeatures();
    const view = await service.create('default', { name: 'f1', description: '' }, ACTOR, 7);
    const metadata = {
      name: 'f1',
      type: 'release',
      description: null,
      project: 'default',
      stale: false,
      impressionData: false,
      createdAt: NOW,
    };
    expect(view).toMatchObject({ ...metadata, archived: false, favorite: false, lifecycle: { stage: 'initial', enteredStageAt: NOW } });
    expect(view.environments.map((environment) => [environment.name, environment.enabled])).toEqual([
      ['development', false],
      ['production', false],
    ]);
    expect(db.transactionsOpened).toBe(1);
    expect(recorded).toEqual([{ type: 'feature-created', actor: ACTOR, project: 'default', featureName: 'f1', data: metadata, tags: [] }]);
    expect(tables.stagesOf('f1')).toEqual(['initial']);
  });

  it('accepts exactly the feature types the feature-types module holds, naming /type when another is given', async () => {
    const types = new FakeFeatureTypeStore();
    types.rows.push({ id: 'migration', name: 'Migration', description: 'A type added to the table', lifetimeDays: 30 });
    types.rows.splice(
      types.rows.findIndex((type) => type.id === 'permission'),
      1,
    );
    const fakes = featureFakes();
    const { service } = fakeFeatureService(fakes, types);
    expect(await service.create('default', { name: 'f1', type: 'migration' }, ACTOR)).toMatchObject({ type: 'migration' });
    const allowed = 'experiment, kill-switch, migration, operational, release';
    expect(await failure(service.create('default', { name: 'f2', type: 'permission' }, ACTOR))).toMatchObject({
      name: 'ValidationError',
      details: [
        {
          path: '/body/type',
          message: `The \`/body/type\` property must be equal to one of the allowed values: ${allowed}. You sent "permission".`,
        },
      ],
    });
    expect(await failure(service.update('default', 'f1', { type: 'permission' }, ACTOR))).toMatchObject({
      details: [{ path: '/body/type' }],
    });
    expect(await failure(service.patch('default', 'f1', [{ op: 'replace', path: '/type', value: 'permission' }], ACTOR))).toMatchObject({
      details: [
        { path: '/type', message: `The \`/type\` property must be equal to one of the allowed values: ${allowed}. You sent "permission".` },
      ],
    });
    expect((await service.patch('default', 'f1', [{ op: 'replace', path: '/type', value: 'release' }], ACTOR)).type).toBe('release');
    expect(fakes.tables.stagesOf('f2')).toEqual([]);
  });

  it('answers 404 for an unknown project and 409 for a name taken, saying when by an archived flag', async () => {
    const { service, tables, recorded } = buildFeatures();
    tables.addFeature('f1');
    tables.addFeature('old', 'other', { archivedAt: ARCHIVED_AT });
    expect(await failure(service.create('nope', { name: 'x' }, ACTOR))).toMatchObject({
      name: 'NotFoundError',
      message: 'Could not find project nope',
    });
    expect(await failure(service.create('other', { name: 'f1' }, ACTOR))).toMatchObject({
      name: 'NameExistsError',
      message: 'A flag with the name f1 already exists',
    });
    expect((await failure(service.create('default', { name: 'old' }, ACTOR))).message).toBe(
      'An archived flag with the name old already exists',
    );
    expect(recorded).toEqual([]);
  });

  it('changes the fields given, locking the feature, with a metadata event and a stale event; nothing changed records nothing', async () => {
    const { service, store, tables, recorded } = buildFeatures();
    tables.addFeature('f1', 'default', { description: 'd' });
    await service.update('default', 'f1', { name: 'f1', description: 'd' }, ACTOR);
    expect(recorded).toEqual([]);
    const view = await service.update('default', 'f1', { type: 'experiment', description: '', stale: true }, ACTOR);
    expect(view).toMatchObject({ type: 'experiment', description: null, stale: true, impressionData: false });
    expect(store.locked).toEqual(['f1', 'f1']);
    expect(recorded.map((event) => [event.type, event.data, event.preData])).toEqual([
      [
        'feature-metadata-updated',
        expect.objectContaining({ type: 'experiment', description: null, stale: true }),
        expect.objectContaining({ type: 'release', description: 'd' }),
      ],
      ['feature-stale-on', { stale: true }, { stale: false }],
    ]);
  });

  it('refuses to rename a feature or to change an archived one', async () => {
    const { service, tables } = buildFeatures();
    tables.addFeature('f1');
    tables.addFeature('old', 'default', { archivedAt: ARCHIVED_AT });
    expect((await failure(service.update('default', 'f1', { name: 'f2' }, ACTOR))).details).toEqual([
      { path: '/body/name', message: 'Cannot change name of feature flag: the body says "f2" but the URL names f1.' },
    ]);
    expect(await failure(service.update('default', 'old', { stale: true }, ACTOR))).toMatchObject({
      name: 'ValidationError',
      message: 'Cannot perform this operation on archived features: old is archived. Revive it first.',
    });
    expect((await failure(service.get('default', 'old'))).message).toBe('Could not find feature old in project default');
  });

  it('patches the fields a patch may set, and names what the patched feature may not be by its pointer', async () => {
    const { service, tables, recorded } = buildFeatures();
    tables.addFeature('f1');
    const view = await service.patch('default', 'f1', [{ op: 'replace', path: '/impressionData', value: true }], ACTOR);
    expect(view.impressionData).toBe(true);
    expect(recorded.map((event) => event.type)).toEqual(['feature-metadata-updated']);
    const error = await failure(
      service.patch(
        'default',
        'f1',
        [
          { op: 'replace', path: '/name', value: 'f2' },
          { op: 'replace', path: '/type', value: 3 },
          { op: 'add', path: '/color', value: 'red' },
        ],
        ACTOR,
      ),
    );
    expect(error.details?.map((detail) => detail.path)).toEqual(['/color', '/name', '/type']);
    expect(error.details?.[1].message).toBe('The `/name` property cannot be changed: a feature cannot be renamed.');
    expect((await failure(service.patch('default', 'f1', [{ op: 'remove', path: '/nothing' }], ACTOR))).name).toBe('ValidationError');
    expect(tables.features.get('f1')).toMatchObject({ name: 'f1', type: 'release' });
  });

  it("marks the project's features stale with an event for each that changes, and refuses features of other projects by index", async () => {
    const { service, tables, recorded } = buildFeatures();
    tables.addFeature('a');
    tables.addFeature('b', 'default', { stale: true });
    tables.addFeature('c', 'other');
    expect((await failure(service.setStale('default', { features: ['a', 'c', 'unknown', 'c'], stale: true }, ACTOR))).details).toEqual([
      { path: '/body/features/1', message: 'The feature c belongs to project other, not default.' },
      { path: '/body/features/3', message: 'The feature c belongs to project other, not default.' },
    ]);
    await service.setStale('default', { features: ['a', 'b', 'unknown', 'a'], stale: true }, ACTOR);
    expect(tables.features.get('a')?.stale).toBe(true);
    expect(recorded).toEqual([
      {
        type: 'feature-stale-on',
        actor: ACTOR,
        project: 'default',
        featureName: 'a',
        data: { stale: true },
        preData: { stale: false },
        tags: [],
      },
    ]);
    expect((await failure(service.setStale('nope', { features: [], stale: true }, ACTOR))).message).toBe('Could not find project nope');
  });

  it('archives a feature, dropping its own dependency, at stage archived; refused while others depend on it', async () => {
    const { service, tables, recorded } = buildFeatures();
    for (const name of ['parent', 'child', 'grandparent']) tables.addFeature(name);
    tables.dependencies.set('child', { feature: 'parent', enabled: true, variants: [] });
    expect((await failure(service.archive('default', 'parent', ACTOR))).details).toEqual([
      { path: '/params/featureName', message: 'You can not archive this feature since other features depend on it: child.' },
    ]);
    await service.archive('default', 'child', ACTOR);
    expect(tables.features.get('child')?.archivedAt).toBe(NOW);
    expect(tables.dependencies.size).toBe(0);
    expect(tables.stagesOf('child')).toEqual(['archived']);
    expect(recorded.map((event) => [event.type, event.data ?? event.preData])).toEqual([
      ['feature-dependencies-removed', [{ feature: 'parent', enabled: true, variants: [] }]],
      ['feature-archived', { archivedAt: NOW }],
    ]);
  });

  it('revives an archived feature switched off everywhere, its stages forgotten and initial again', async () => {
    const { service, tables, recorded } = buildFeatures();
    tables.addFeature('f1');
    tables.environmentRow('f1', 'production')!.enabled = true;
    await service.archive('default', 'f1', ACTOR);
    expect(await service.listArchived('default')).toEqual([expect.objectContaining({ name: 'f1', archived: true })]);
    await service.revive('f1', ACTOR);
    expect(tables.features.get('f1')?.archivedAt).toBeNull();
    expect(tables.environmentRow('f1', 'production')?.enabled).toBe(false);
    expect(tables.stagesOf('f1')).toEqual(['initial']);
    expect(recorded.at(-1)).toEqual({
      type: 'feature-revived',
      actor: ACTOR,
      project: 'default',
      featureName: 'f1',
      preData: { archivedAt: NOW },
      tags: [],
    });
    expect(await failure(service.revive('f1', ACTOR))).toMatchObject({
      name: 'ValidationError',
      details: [{ path: '/params/featureName', message: 'The feature f1 is not archived.' }],
    });
    expect((await failure(service.revive('nope', ACTOR))).message).toBe('Could not find feature nope');
  });

  it('deletes only archived features, each with an event carrying its metadata and tags', async () => {
    const { service, tables, recorded } = buildFeatures();
    tables.addFeature('active');
    tables.addFeature('old', 'other', { archivedAt: ARCHIVED_AT });
    tables.tags.set('old', [{ type: 'simple', value: 'x' }]);
    expect((await failure(service.deleteArchivedFeature('active', ACTOR))).message).toBe(
      'The feature active is not archived: archive it before deleting it.',
    );
    await service.deleteArchivedFeature('old', ACTOR);
    expect([...tables.features.keys()]).toEqual(['active']);
    expect(recorded).toEqual([
      {
        type: 'feature-deleted',
        actor: ACTOR,
        project: 'other',
        featureName: 'old',
        preData: {
          name: 'old',
          type: 'release',
          description: null,
          project: 'other',
          stale: false,
          impressionData: false,
          createdAt: '2024-01-01T00:00:00.000Z',
        },
        tags: [{ type: 'simple', value: 'x' }],
      },
    ]);
  });

  it("lists a project's active features and the archive, answering 404 for an unknown project", async () => {
    const { service, tables } = buildFeatures();
    tables.addFeature('a');
    tables.addFeature('b', 'default', { archivedAt: ARCHIVED_AT });
    expect((await service.listInProject('default')).map((feature) => feature.name)).toEqual(['a']);
    expect((await service.listArchived()).map((feature) => feature.name)).toEqual(['b']);
    expect((await failure(service.listInProject('nope'))).message).toBe('Could not find project nope');
    expect((await failure(service.listArchived('nope'))).message).toBe('Could not find project nope');
  });
});
