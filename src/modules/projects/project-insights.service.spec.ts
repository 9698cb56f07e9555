import { healthOf, stageSummaries, stateCounts } from './project-insights.service.js';

const DAY = 86_400_000;

describe('project health', () => {
  it('counts potentially stale flags only when they are not stale, as Unleash does', () => {
    const counts = stateCounts([
      { type: 'release', stale: false, potentiallyStale: false, count: 6 },
      { type: 'release', stale: true, potentiallyStale: true, count: 1 },
      { type: 'experiment', stale: false, potentiallyStale: true, count: 3 },
    ]);
    expect(counts).toEqual({ active: 10, stale: 1, potentiallyStale: 3 });
    expect(healthOf(counts)).toBe(60);
    expect(healthOf({ active: 0, stale: 0, potentiallyStale: 0 })).toBe(100);
    expect(healthOf({ active: 3, stale: 1, potentiallyStale: 0 })).toBe(67);
  });
});

describe('stageSummaries', () => {
  it('averages the days spent in each stage until the next one (or now) and counts the flags in each', () => {
    const at = (days: number) => new Date(days * DAY);
    const summary = stageSummaries(
      [
        { featureName: 'a', stage: 'initial', enteredAt: at(0) },
        { featureName: 'a', stage: 'pre-live', enteredAt: at(2) },
        { featureName: 'a', stage: 'live', enteredAt: at(5) },
        { featureName: 'b', stage: 'initial', enteredAt: at(6) },
      ],
      10 * DAY,
    );
    expect(summary).toEqual({
      initial: { averageDays: 3, currentFlags: 1 },
      'pre-live': { averageDays: 3, currentFlags: 0 },
      live: { averageDays: 5, currentFlags: 1 },
      completed: { averageDays: null, currentFlags: 0 },
    });
  });
});
