import type { Constraint } from '../../core/constraints/constraint.js';
import { describe, pointer, type Problems } from '../../core/http/input-problems.js';
import type { LegalValue } from './context-field.model.js';

/** How many legal values a refusal lists before it stops. */
const LISTED = 10;

/**
 * Constraints checked against the legal values of the fields they name, as Unleash checks them when a strategy or a
 * segment is saved: only fields that exist and have legal values restrict anything; single-value operators (NUM_*,
 * DATE_*, SEMVER_*, REGEX) check `value`, the others each of `values`. `legal` holds the fields that have some;
 * `pathOf` gives the pointer of each constraint.
 */
export function checkLegalValues(
  constraints: readonly Constraint[],
  legal: Map<string, LegalValue[]>,
  pathOf: (index: number) => string,
  problems: Problems,
): void {
  constraints.forEach((constraint, index) => {
    const values = legal.get(constraint.contextName);
    if (!values) return;
    const allowed = new Set(values.map((legalValue) => legalValue.value));
    const reason = `is not specified as a legal value on the context field ${constraint.contextName} (its legal values: ${listed(values)})`;
    const at = pathOf(index);
    if (takesSingleValue(constraint)) {
      if (constraint.value !== undefined && !allowed.has(constraint.value)) problems.invalid(`${at}/value`, reason, constraint.value);
      return;
    }
    constraint.values.forEach((value, valueIndex) => {
      if (!allowed.has(value)) problems.invalid(pointer(`${at}/values`, valueIndex), reason, value);
    });
  });
}

function takesSingleValue({ operator }: Constraint): boolean {
  return /^(NUM|DATE|SEMVER)_/.test(operator) || operator === 'REGEX';
}

function listed(values: LegalValue[]): string {
  const shown = values.slice(0, LISTED).map((legalValue) => describe(legalValue.value));
  return values.length > LISTED ? `${shown.join(', ')} and ${values.length - LISTED} more` : shown.join(', ');
}
