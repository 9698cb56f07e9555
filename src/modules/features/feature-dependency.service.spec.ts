import { failure } from '../../core/testing/failure.js';
import { ACTOR } from '../../core/testing/principals.js';
import { FeatureDependencyService } from './feature-dependency.service.js';
import { featureFakes } from './testing/feature-services.js';
import { FakeFeatureDependencyStore, FakeFeatureStore } from './testing/feature-stores.fake.js';

function buildDependencies() {
  const fakes = featureFakes();
  for (const name of ['child', 'parent', 'other-parent', 'grandchild']) fakes.tables.addFeature(name);
  fakes.tables.addFeature('archived', 'default', { archivedAt: '2024-02-01T00:00:00.000Z' });
  fakes.tables.addFeature('elsewhere', 'other');
  const features = new FakeFeatureStore(fakes.tables);
  const service = new FeatureDependencyService(
    new FakeFeatureDependencyStore(fakes.tables),
    features,
    fakes.readModel,
    fakes.lookup,
    fakes.events,
    fakes.db.asDatabase(),
  );
  return { service, features, ...fakes };
}

describe('FeatureDependencyService', () => {
  it('makes a feature the parent of another, locking both in name order, with an event; the same again records nothing', async () => {
    const { service, tables, features, db, recorded } = buildDependencies();
    await service.add('default', 'child', { feature: 'parent', variants: ['blue'] }, ACTOR);
    expect(tables.dependencies.get('child')).toEqual({ feature: 'parent', enabled: true, variants: ['blue'] });
    expect(features.locked).toEqual(['child', 'parent']);
    expect(db.transactionsOpened).toBe(1);
    expect(recorded).toEqual([
      {
        type: 'feature-dependency-added',
        actor: ACTOR,
        project: 'default',
        featureName: 'child',
        data: { feature: 'parent', enabled: true, variants: ['blue'] },
        preData: undefined,
        tags: [],
      },
    ]);
    await service.add('default', 'child', { feature: 'parent', variants: ['blue'] }, ACTOR);
    expect(recorded).toHaveLength(1);
  });

  it('replaces an earlier parent and records it as before; a disabled parent carries no variants', async () => {
    const { service, tables, recorded } = buildDependencies();
    await service.add('default', 'child', { feature: 'parent' }, ACTOR);
    await service.add('default', 'child', { feature: 'other-parent', enabled: false }, ACTOR);
    expect(tables.dependencies.get('child')).toEqual({ feature: 'other-parent', enabled: false, variants: [] });
    expect(recorded.at(-1)).toMatchObject({
      data: { feature: 'other-parent', enabled: false },
      preData: { feature: 'parent', enabled: true, variants: [] },
    });
    expect(recorded.at(-1)!.data).not.toHaveProperty('variants');
  });

  it('refuses a dependency on itself, variants of a disabled parent, and a parent that is not an active feature of the project', async () => {
    const { service, tables } = buildDependencies();
    expect(await failure(service.add('default', 'child', { feature: 'child' }, ACTOR))).toMatchObject({
      name: 'ValidationError',
      details: [{ path: '/body/feature', message: 'A feature flag cannot depend on itself.' }],
    });
    expect((await failure(service.add('default', 'child', { feature: 'parent', enabled: false, variants: ['a'] }, ACTOR))).details).toEqual(
      [
        {
          path: '/body/variants',
          message: 'Variants can only be required of an enabled parent: leave `variants` out when `enabled` is false.',
        },
      ],
    );
    for (const parent of ['nope', 'archived', 'elsewhere']) {
      expect((await failure(service.add('default', 'child', { feature: parent }, ACTOR))).details).toEqual([
        { path: '/body/feature', message: `Could not find an active feature ${parent} in project default to depend on.` },
      ]);
    }
    expect(tables.dependencies.size).toBe(0);
  });

  it('refuses chains: a parent that is a child, and a child that is a parent', async () => {
    const { service } = buildDependencies();
    await service.add('default', 'child', { feature: 'parent' }, ACTOR);
    expect((await failure(service.add('default', 'grandchild', { feature: 'child' }, ACTOR))).message).toBe(
      'Transitive dependency detected: child depends on another feature itself, so it cannot be a parent.',
    );
    expect((await failure(service.add('default', 'parent', { feature: 'other-parent' }, ACTOR))).message).toBe(
      'Transitive dependency detected: other features depend on parent (child), so it cannot depend on a parent.',
    );
  });

  it('lists the parent and the possible parents; a parent can have none', async () => {
    const { service } = buildDependencies();
    await service.add('default', 'child', { feature: 'parent' }, ACTOR);
    expect(await service.list('default', 'child')).toEqual([{ feature: 'parent', enabled: true, variants: [] }]);
    expect(await service.list('default', 'parent')).toEqual([]);
    expect(await service.possibleParents('default', 'grandchild')).toEqual(['other-parent', 'parent']);
    expect(await service.possibleParents('default', 'parent')).toEqual([]);
    expect(await service.projectHasDependencies('default')).toBe(true);
    expect(await service.projectHasDependencies('other')).toBe(false);
    expect(await failure(service.projectHasDependencies('nope'))).toMatchObject({
      name: 'NotFoundError',
      message: 'Could not find project nope',
    });
    expect((await failure(service.list('default', 'archived'))).message).toBe('Could not find feature archived in project default');
  });

  it('removes the dependency on one parent or all, with their events, and answers 404 for one that does not exist', async () => {
    const { service, tables, recorded } = buildDependencies();
    await service.add('default', 'child', { feature: 'parent' }, ACTOR);
    expect(await failure(service.remove('default', 'child', 'other-parent', ACTOR))).toMatchObject({
      name: 'NotFoundError',
      message: 'Could not find a dependency of child on other-parent',
    });
    await service.remove('default', 'child', 'parent', ACTOR);
    expect(tables.dependencies.size).toBe(0);
    expect(recorded.at(-1)).toMatchObject({ type: 'feature-dependency-removed', featureName: 'child', data: { feature: 'parent' } });

    await service.add('default', 'child', { feature: 'parent' }, ACTOR);
    await service.removeAll('default', 'child', ACTOR);
    await service.removeAll('default', 'child', ACTOR);
    expect(recorded.slice(-2)).toEqual([
      expect.objectContaining({ type: 'feature-dependency-added' }),
      {
        type: 'feature-dependencies-removed',
        actor: ACTOR,
        project: 'default',
        featureName: 'child',
        preData: [{ feature: 'parent', enabled: true, variants: [] }],
        tags: [],
      },
    ]);
  });
});
