import { Injectable } from '@nestjs/common';
import type { Constraint } from '../../core/constraints/constraint.js';
import { pointer, type Problems } from '../../core/http/input-problems.js';
import { ContextFieldReadModel } from './context-field.read-model.js';
import { checkLegalValues } from './legal-values.js';

/**
 * The check of constraints that needs the database: their values against the legal values of the context fields
 * they name. Strategies, segments and `POST /api/admin/constraints/validate` all ask this one, after the rules of
 * the body (`core/constraints/constraint.rules.ts`), so a validation answers what a save would.
 */
@Injectable()
export class ConstraintChecker {
  constructor(private readonly readModel: ContextFieldReadModel) {}

  /** Reports each value that is not legal under `path` (`/body/constraints`); asks nothing when there are no constraints. */
  async checkLegalValues(constraints: readonly Constraint[], path: string, problems: Problems): Promise<void> {
    if (constraints.length === 0) return;
    const legal = await this.readModel.legalValues(constraints.map((constraint) => constraint.contextName));
    checkLegalValues(constraints, legal, (index) => pointer(path, index), problems);
  }

  /** The same check of one constraint at `path` (a body that is one constraint: `/body`). */
  async checkLegalValue(constraint: Constraint, path: string, problems: Problems): Promise<void> {
    const legal = await this.readModel.legalValues([constraint.contextName]);
    checkLegalValues([constraint], legal, () => path, problems);
  }
}
