import { Injectable } from '@nestjs/common';
import { toConstraints } from '../../core/constraints/constraint.rules.js';
import { validationError } from '../../core/errors/app-error.js';
import { Problems } from '../../core/http/input-problems.js';
import { ConstraintChecker } from './constraint-checker.js';

/** One constraint that passed the body rules, checked against the legal values as a save checks it (same checker). */
@Injectable()
export class ConstraintValidationService {
  constructor(private readonly checker: ConstraintChecker) {}

  async validate(constraint: Record<string, unknown>): Promise<void> {
    const problems = new Problems();
    await this.checker.checkLegalValue(toConstraints([constraint])[0], '/body', problems);
    if (problems.any) throw validationError(problems.details);
  }
}
