import { failure } from '../../core/testing/failure.js';
import { ACTOR, apiTokenPrincipal, userPrincipal } from '../../core/testing/principals.js';
import { FavoriteService } from './favorite.service.js';
import { featureFakes } from './testing/feature-services.js';
import { FakeFavoriteStore } from './testing/feature-stores.fake.js';

function buildFavorites() {
  const fakes = featureFakes();
  fakes.tables.addFeature('f1');
  fakes.tables.addFeature('archived', 'default', { archivedAt: '2024-02-01T00:00:00.000Z' });
  const service = new FavoriteService(new FakeFavoriteStore(fakes.tables), fakes.lookup, fakes.events, fakes.db.asDatabase(), fakes.clock);
  return { service, ...fakes };
}

describe('FavoriteService', () => {
  it("makes a feature one of the user's favourites once, with one event, archived features included", async () => {
    const { service, tables, recorded } = buildFavorites();
    await service.add('default', 'f1', userPrincipal(7), ACTOR);
    await service.add('default', 'f1', userPrincipal(7), ACTOR);
    await service.add('default', 'archived', userPrincipal(7), ACTOR);
    expect([...tables.favorites]).toEqual(['7|f1', '7|archived']);
    expect(recorded[0]).toEqual({
      type: 'feature-favorited',
      actor: ACTOR,
      project: 'default',
      featureName: 'f1',
      data: { feature: 'f1' },
      tags: [],
    });
    expect(recorded.map((event) => event.featureName)).toEqual(['f1', 'archived']);
  });

  it('removes a favourite with an event, and records nothing when it was none', async () => {
    const { service, tables, recorded } = buildFavorites();
    await service.add('default', 'f1', userPrincipal(7), ACTOR);
    await service.remove('default', 'f1', userPrincipal(7), ACTOR);
    await service.remove('default', 'f1', userPrincipal(7), ACTOR);
    expect(tables.favorites.size).toBe(0);
    expect(recorded.map((event) => [event.type, event.preData])).toEqual([
      ['feature-favorited', undefined],
      ['feature-unfavorited', { feature: 'f1' }],
    ]);
  });

  it('refuses API tokens, which have no favourites, and answers 404 for the project or feature of the URL', async () => {
    const { service, recorded } = buildFavorites();
    expect(await failure(service.add('default', 'f1', apiTokenPrincipal(), ACTOR))).toMatchObject({
      name: 'ValidationError',
      message: 'API tokens have no favourites: favourites belong to a user, so log in or use a personal access token.',
    });
    expect((await failure(service.remove('default', 'f1', apiTokenPrincipal(), ACTOR))).name).toBe('ValidationError');
    expect((await failure(service.add('nope', 'f1', userPrincipal(7), ACTOR))).message).toBe('Could not find project nope');
    expect((await failure(service.add('other', 'f1', userPrincipal(7), ACTOR))).message).toBe('Could not find feature f1 in project other');
    expect(recorded).toEqual([]);
  });
});
