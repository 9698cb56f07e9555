import { fakeDatabase } from '../../../core/testing/fake-database.js';
import { ConstraintChecker } from '../constraint-checker.js';
import type { ContextFieldStrategy, ContextFieldUsage, LegalValue } from '../context-field.model.js';
import { ContextFieldReadModel } from '../context-field.read-model.js';

/** Projects, legal values and the strategies naming each field, as a spec sets them. */
export class FakeContextFieldReadModel extends ContextFieldReadModel {
  /** Legal values by field name: what `legalValues` answers for the fields that have some. */
  readonly legal = new Map<string, LegalValue[]>();
  readonly strategiesByField = new Map<string, ContextFieldStrategy[]>();

  constructor(readonly projects: string[] = ['default']) {
    super(fakeDatabase());
  }

  override async usage(): Promise<Map<string, ContextFieldUsage>> {
    const usage = new Map<string, ContextFieldUsage>();
    for (const [name, strategies] of this.strategiesByField) {
      if (strategies.length === 0) continue;
      usage.set(name, {
        usedInFeatures: new Set(strategies.map((s) => s.featureName)).size,
        usedInProjects: new Set(strategies.map((s) => s.projectId)).size,
      });
    }
    return usage;
  }

  override async strategiesUsing(name: string): Promise<ContextFieldStrategy[]> {
    return this.strategiesByField.get(name) ?? [];
  }

  override async legalValues(names: string[]): Promise<Map<string, LegalValue[]>> {
    return new Map([...this.legal].filter(([name, values]) => names.includes(name) && values.length > 0));
  }

  override async projectExists(projectId: string): Promise<boolean> {
    return this.projects.includes(projectId);
  }

  /** Records that a strategy of the feature in the project has a constraint on the field. */
  use(name: string, projectId: string, featureName: string): void {
    const strategies = this.strategiesByField.get(name) ?? [];
    strategies.push({ id: `s-${strategies.length + 1}`, projectId, featureName, strategyName: 'default', environment: 'development' });
    this.strategiesByField.set(name, strategies);
  }
}

/** A ConstraintChecker over a fake read model: no field has legal values unless the spec gives some. */
export function fakeConstraintChecker(readModel = new FakeContextFieldReadModel()): ConstraintChecker {
  return new ConstraintChecker(readModel);
}
