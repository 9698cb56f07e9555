import { failure } from '../../core/testing/failure.js';
import { ACTOR } from '../../core/testing/principals.js';
import type { FeatureCloneService } from '../features/index.js';
import { featureFakes } from '../features/testing/feature-services.js';
import { FeatureTagService } from './feature-tag.service.js';
import { FakeFeatureTagStore } from './testing/feature-tag-store.fake.js';
import { FakeTagStore } from './testing/tag-store.fake.js';
import { FakeTagTypeStore } from './testing/tag-type-store.fake.js';
import { TagService } from './tag.service.js';

const BETA = { type: 'simple', value: 'beta' };

function buildFeatureTags() {
  const fakes = featureFakes();
  fakes.tables.addFeature('f1');
  const store = new FakeFeatureTagStore(fakes.tables);
  const tagTypes = new FakeTagTypeStore();
  const tagValues = new FakeTagStore();
  const service = new FeatureTagService(
    store,
    tagTypes,
    fakes.lookup,
    fakes.readModel,
    fakes.events,
    fakes.db.asDatabase(),
    fakes.clock,
    // Only the clone asks for tags to be copied; these specs call copyTags directly.
    { useTagCopier: () => undefined } as unknown as FeatureCloneService,
    new TagService(tagValues, tagTypes, fakes.eventService, fakes.db.asDatabase(), fakes.clock),
  );
  return { service, store, tagValues, ...fakes };
}

describe('FeatureTagService', () => {
  it('tags a feature once, by the acting user, in a transaction with an event carrying the tags so far', async () => {
    const { service, store, tables, db, recorded } = buildFeatureTags();
    expect(await service.add('f1', BETA, ACTOR)).toEqual(BETA);
    expect(tables.tags.get('f1')).toEqual([BETA]);
    expect(store.createdBy.get('f1|simple:beta')).toBe(ACTOR.userId);
    expect(db.transactionsOpened).toBe(1);
    expect(recorded).toEqual([
      { type: 'tag-created', actor: ACTOR, data: BETA },
      { type: 'feature-tagged', actor: ACTOR, project: 'default', featureName: 'f1', data: BETA, tags: [BETA] },
    ]);
    expect(await failure(service.add('f1', BETA, ACTOR))).toMatchObject({
      name: 'NameExistsError',
      message: 'The feature f1 already has the tag simple:beta',
    });
    expect(recorded).toHaveLength(2);
  });

  it('refuses a tag of an unknown type and answers 404 for an unknown feature', async () => {
    const { service, tables } = buildFeatureTags();
    expect(await failure(service.add('f1', { type: 'team', value: 'a' }, ACTOR))).toMatchObject({
      name: 'ValidationError',
      details: [{ path: '/body/type', message: 'Tag type team does not exist.' }],
    });
    expect(await failure(service.add('nope', BETA, ACTOR))).toMatchObject({
      name: 'NotFoundError',
      message: 'Could not find feature nope',
    });
    expect((await failure(service.list('nope'))).message).toBe('Could not find feature nope');
    expect(tables.tags.get('f1')).toBeUndefined();
  });

  it('removes a tag with an event, and answers 404 for a tag the feature does not have', async () => {
    const { service, tables, recorded } = buildFeatureTags();
    await service.add('f1', BETA, ACTOR);
    await service.remove('f1', BETA, ACTOR);
    expect(tables.tags.get('f1')).toEqual([]);
    expect(recorded.at(-1)).toEqual({
      type: 'feature-untagged',
      actor: ACTOR,
      project: 'default',
      featureName: 'f1',
      preData: BETA,
      tags: [],
    });
    expect(await failure(service.remove('f1', BETA, ACTOR))).toMatchObject({
      name: 'NotFoundError',
      message: 'Could not find the tag simple:beta on feature f1',
    });
  });

  it('adds and removes in one go, skipping tags already there (or not there), and answers the tags after', async () => {
    const { service, recorded } = buildFeatureTags();
    await service.add('f1', BETA, ACTOR);
    const after = await service.update(
      'f1',
      { addedTags: [BETA, { type: 'simple', value: 'alpha' }], removedTags: [BETA, { type: 'simple', value: 'gone' }] },
      ACTOR,
    );
    expect(after).toEqual([{ type: 'simple', value: 'alpha' }]);
    expect(await service.list('f1')).toEqual(after);
    expect(recorded.map((event) => [event.type, event.data ?? event.preData])).toEqual([
      ['tag-created', BETA],
      ['feature-tagged', BETA],
      ['tag-created', { type: 'simple', value: 'alpha' }],
      ['feature-tagged', { type: 'simple', value: 'alpha' }],
      ['feature-untagged', BETA],
    ]);
  });

  it('tags several features of a project at once, refusing unknown (404) and foreign (400) features', async () => {
    const { service, tables, recorded, tagValues } = buildFeatureTags();
    tables.addFeature('f2');
    tables.addFeature('x1', 'other');
    await service.updateMany('default', ['f1', 'f2'], { addedTags: [BETA], removedTags: [] }, ACTOR);
    expect([tables.tags.get('f1'), tables.tags.get('f2')]).toEqual([[BETA], [BETA]]);
    expect(await tagValues.list()).toEqual([BETA]);
    expect(recorded.map((event) => [event.type, event.featureName])).toEqual([
      ['tag-created', undefined],
      ['feature-tagged', 'f1'],
      ['feature-tagged', 'f2'],
    ]);
    expect((await failure(service.updateMany('default', ['f1', 'ghost'], { addedTags: [], removedTags: [BETA] }, ACTOR))).message).toBe(
      'Could not find feature ghost in project default',
    );
    expect((await failure(service.updateMany('default', ['f1', 'x1'], { addedTags: [], removedTags: [BETA] }, ACTOR))).details).toEqual([
      { path: '/body/features/1', message: 'Tried to change tags of feature x1, which does not belong to project default.' },
    ]);
    expect(tables.tags.get('f1')).toEqual([BETA]);
  });

  it('names every added tag of an unknown type by its index, and changes nothing', async () => {
    const { service, tables } = buildFeatureTags();
    const error = await failure(
      service.update('f1', { addedTags: [BETA, { type: 'team', value: 'a' }, { type: 'area', value: 'b' }], removedTags: [] }, ACTOR),
    );
    expect(error.details).toEqual([
      { path: '/body/addedTags/1/type', message: 'Tag type team does not exist.' },
      { path: '/body/addedTags/2/type', message: 'Tag type area does not exist.' },
    ]);
    expect(tables.tags.get('f1')).toBeUndefined();
  });
});
