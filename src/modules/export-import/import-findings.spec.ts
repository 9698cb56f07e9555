import { duplicatesOf, type ImportFacts, importErrors, importWarnings, permissionFindings } from './import-findings.js';

const none: ImportFacts = {
  project: 'p1',
  unsupportedStrategies: [],
  customStrategies: [],
  unsupportedContextFields: [],
  otherProjectFeatures: [],
  duplicateFeatures: [],
  unsupportedSegments: [],
  missingDependencies: [],
  archivedFeatures: [],
  existingFeatures: [],
};

describe('import findings', () => {
  it('reports nothing when nothing was found', () => {
    expect([importErrors(none), importWarnings(none), permissionFindings([])]).toEqual([[], [], []]);
  });

  it('words only what was found, naming the target project', () => {
    expect(importErrors({ ...none, otherProjectFeatures: ['a (in project p2)'], unsupportedSegments: ['s'] })).toEqual([
      {
        message:
          'You cannot import a features that already exist in other projects. You already have the following features defined outside of project p1:',
        affectedItems: ['a (in project p2)'],
      },
      { message: 'We detected the following segments that need to be created first:', affectedItems: ['s'] },
    ]);
    expect(importWarnings({ ...none, existingFeatures: ['b'] })).toEqual([
      { message: 'The following features already exist in this project and will be overwritten:', affectedItems: ['b'] },
    ]);
  });

  it('lists each repeated name once, in the order it repeats', () => {
    expect(duplicatesOf(['a', 'b', 'c', 'b', 'a', 'b'])).toEqual(['b', 'a']);
    expect(duplicatesOf(['a', 'b'])).toEqual([]);
  });
});
