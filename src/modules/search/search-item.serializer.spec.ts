import fc from 'fast-check';
import { type Activity, type ConfiguredFeature, fill, present, templateOf } from './search-item.serializer.js';
import type { SearchCriteria } from './search.model.js';

const ISO = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
// Names and texts with what JSON must escape: quotes, backslashes, control and non-ASCII characters.
const TEXT = fc.string({ unit: 'binary', maxLength: 12 });
const NAMES = fc.uniqueArray(fc.constantFrom('development', 'production', 'staging', 'qa', 'é"\\'), { maxLength: 4 });

const feature: fc.Arbitrary<ConfiguredFeature> = fc.record({
  name: TEXT,
  type: TEXT,
  description: fc.option(TEXT),
  dependencyType: fc.constantFrom('parent' as const, 'child' as const, null),
  archived: fc.boolean(),
  project: TEXT,
  stale: fc.boolean(),
  impressionData: fc.boolean(),
  createdAt: ISO,
  archivedAt: fc.option(ISO),
  environments: NAMES.chain((names) =>
    fc.tuple(
      ...names.map((name) =>
        fc.record({
          name: fc.constant(name),
          type: TEXT,
          enabled: fc.boolean(),
          sortOrder: fc.integer(),
          variantCount: fc.nat(),
          hasStrategies: fc.boolean(),
          hasEnabledStrategies: fc.boolean(),
        }),
      ),
    ),
  ),
  segments: fc.array(TEXT, { maxLength: 3 }),
  tags: fc.array(fc.record({ type: TEXT, value: TEXT, color: fc.option(TEXT) }), { maxLength: 3 }),
  lifecycle: fc.option(fc.record({ stage: TEXT, status: fc.option(TEXT), enteredStageAt: ISO }), { nil: undefined }),
  createdBy: fc.record({ id: fc.integer(), name: TEXT, imageUrl: TEXT }),
});

/** What a request fills in for the feature: a favorite or not, last-seen times and evaluations of some environments. */
const activityOf = (item: ConfiguredFeature): fc.Arbitrary<Activity> =>
  fc
    .record({
      favorite: fc.boolean(),
      seen: fc.option(ISO, { nil: undefined }),
      environments: fc
        .subarray(item.environments.map((e) => e.name))
        .chain((names) =>
          fc.tuple(
            ...names.map((name) =>
              fc.record({ name: fc.constant(name), lastSeenAt: fc.option(ISO, { nil: undefined }), yes: fc.nat(), no: fc.nat() }),
            ),
          ),
        ),
    })
    .map(({ favorite, seen, environments }) => ({
      favorites: new Set(favorite ? [item.name] : []),
      seen: new Map([[item.name, { lastSeenAt: seen, environments: new Map(environments.map(({ name, ...e }) => [name, e])) }]]),
    }));

const statusOf = (item: ConfiguredFeature): fc.Arbitrary<SearchCriteria['status']> =>
  fc.array(fc.record({ environment: fc.constantFrom(...item.environments.map((e) => e.name), 'elsewhere'), enabled: fc.boolean() }), {
    maxLength: 3,
  });

describe('the search item serializer', () => {
  it('writes from the template exactly the JSON of the plain item, whatever the values, activity and status filter', () => {
    fc.assert(
      fc.property(
        feature.chain((item) => fc.tuple(fc.constant(item), activityOf(item), statusOf(item))),
        ([item, activity, status]) => {
          const template = templateOf(item);
          // A value equal to the slot marker is the one case without a template (the plain serializer answers).
          if (!template) return;
          expect(fill(template, item.name, activity, status)).toBe(JSON.stringify(present(item, activity, status)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('has no template for a feature holding the slot marker, so that the plain serializer answers it', () => {
    const item = fc.sample(feature, { numRuns: 1, seed: 1 })[0];
    expect(templateOf({ ...item, description: '\u0000search-slot\u0000' })).toBeUndefined();
  });
});
