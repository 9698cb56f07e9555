import type { LifecycleStage } from './feature.model.js';
import { currentStage } from './feature.read-model.js';

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString();

describe('currentStage', () => {
  it('is undefined for a feature without stages', () => {
    expect(currentStage([])).toBeUndefined();
  });

  it('is the furthest stage reached, whatever the order the rows were written in', () => {
    const stages: LifecycleStage[] = [
      { stage: 'initial', enteredStageAt: at(0) },
      { stage: 'completed', status: 'kept', enteredStageAt: at(5) },
      { stage: 'live', enteredStageAt: at(9) },
      { stage: 'pre-live', enteredStageAt: at(9) },
    ];
    expect(currentStage(stages)).toEqual({ stage: 'completed', status: 'kept', enteredStageAt: at(5) });
    expect(currentStage([...stages, { stage: 'archived', enteredStageAt: at(10) }])).toEqual({ stage: 'archived', enteredStageAt: at(10) });
    expect(currentStage(stages.filter((s) => s.stage !== 'completed'))).toEqual({ stage: 'live', enteredStageAt: at(9) });
  });
});
