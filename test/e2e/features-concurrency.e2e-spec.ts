import { ROLE } from '../../src/core/access/permissions.js';
import { eventsOf } from '../helpers/events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { admin, createFeature, createProject, userWithRole } from './features.fixtures.js';

describe('features under concurrent requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createProject(t, 'p1');
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a name once when many ask for it at the same time', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => admin(t).post('/api/admin/projects/p1/features', { name: 'race' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(11).fill(409)]);
    expect((await eventsOf(t, { feature: 'race' })).map((e) => e.type)).toEqual(['feature-created']);
  });

  it('adds one default strategy and records one switch when many switch a feature on at once', async () => {
    await createFeature(t, 'p1', 'switch');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => admin(t).post('/api/admin/projects/p1/features/switch/environments/production/on')),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await t.db.query("SELECT id FROM flagwright_feature_strategies WHERE feature_name = 'switch'")).toHaveLength(1);
    expect((await eventsOf(t, { feature: 'switch' })).map((e) => e.type)).toEqual([
      'feature-created',
      'feature-strategy-add',
      'feature-environment-enabled',
    ]);
  });

  it('tags once, and favourites once, under concurrent requests', async () => {
    await createFeature(t, 'p1', 'busy');
    const tags = await Promise.all(
      Array.from({ length: 10 }, () => admin(t).post('/api/admin/features/busy/tags', { type: 'simple', value: 'hot' })),
    );
    expect(tags.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const user = await userWithRole(t, 'fan', ROLE.VIEWER);
    const favorites = await Promise.all(
      Array.from({ length: 10 }, () => t.http().post('/api/admin/projects/p1/features/busy/favorites').set('Cookie', user.cookie)),
    );
    expect(favorites.every((r) => r.status === 200)).toBe(true);
    const types = (await eventsOf(t, { feature: 'busy' })).map((e) => e.type);
    expect(types.filter((type) => type === 'feature-tagged')).toHaveLength(1);
    expect(types.filter((type) => type === 'feature-favorited')).toHaveLength(1);
  });
});
