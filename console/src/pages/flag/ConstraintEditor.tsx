import { useId } from 'react';
import { Button } from 'react-aria-components';
import type { Schemas } from '../../api/client';
import { operatorWords } from './summary';

export type Constraint = Schemas['constraintSchema'];
type Operator = Constraint['operator'];

const LIST_OPERATORS: Operator[] = ['IN', 'NOT_IN', 'STR_CONTAINS', 'STR_STARTS_WITH', 'STR_ENDS_WITH', 'IN_CIDR'];
const OPERATORS: Operator[] = [
  ...LIST_OPERATORS,
  'NUM_EQ',
  'NUM_GT',
  'NUM_GTE',
  'NUM_LT',
  'NUM_LTE',
  'DATE_AFTER',
  'DATE_BEFORE',
  'SEMVER_EQ',
  'SEMVER_GT',
  'SEMVER_GTE',
  'SEMVER_LT',
  'SEMVER_LTE',
  'REGEX',
];
/** The context every SDK sends; a project's own fields are typed in. */
const KNOWN_CONTEXT_FIELDS = ['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime'];
const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

export const takesList = (operator: Operator) => LIST_OPERATORS.includes(operator);

/** What is sent: lists without the empty line left by typing, no `value` for list operators. */
export const cleanedConstraint = (constraint: Constraint): Constraint =>
  takesList(constraint.operator)
    ? { ...constraint, values: constraint.values.filter(Boolean), value: undefined }
    : { ...constraint, values: [] };

/** A new constraint, as "Add constraint" starts it. */
export const newConstraint = (): Constraint => ({
  contextName: 'userId',
  operator: 'IN',
  values: [],
  inverted: false,
  caseInsensitive: false,
});

/** One constraint, with the input its operator needs: a pasted list, a number, a date and time, a version, a pattern. */
export function ConstraintEditor({
  constraint,
  index,
  onChange,
  onRemove,
  problem,
}: {
  constraint: Constraint;
  index: number;
  onChange: (constraint: Constraint) => void;
  onRemove: () => void;
  problem?: string;
}) {
  const id = useId();
  const operator = constraint.operator;
  const change = (changes: Partial<Constraint>) => onChange({ ...constraint, ...changes });
  const setOperator = (next: Operator) =>
    takesList(next) === takesList(operator)
      ? change({ operator: next, ...(next.startsWith('DATE') !== operator.startsWith('DATE') && !takesList(next) ? { value: '' } : {}) })
      : change({ operator: next, values: [], value: takesList(next) ? undefined : '' });
  const versionProblem =
    operator.startsWith('SEMVER') && constraint.value && !SEMVER.test(constraint.value)
      ? 'A version reads like 1.2.3 or 1.2.3-beta.1.'
      : undefined;
  return (
    <fieldset className="constraint">
      <legend>Constraint {index + 1}</legend>
      <div className="row">
        <div className="field">
          <label htmlFor={`${id}-context`}>Context field</label>
          <input
            id={`${id}-context`}
            list={`${id}-fields`}
            value={constraint.contextName}
            onChange={(event) => change({ contextName: event.target.value })}
            required
          />
          <datalist id={`${id}-fields`}>
            {KNOWN_CONTEXT_FIELDS.map((field) => (
              <option key={field} value={field} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor={`${id}-operator`}>Operator</label>
          <select id={`${id}-operator`} value={operator} onChange={(event) => setOperator(event.target.value as Operator)}>
            {OPERATORS.map((candidate) => (
              <option key={candidate} value={candidate}>
                {operatorWords(candidate)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-value`}>{takesList(operator) ? 'Values' : 'Value'}</label>
        {takesList(operator) ? (
          <>
            <textarea
              id={`${id}-value`}
              rows={3}
              value={constraint.values.join('\n')}
              aria-describedby={`${id}-hint`}
              onChange={(event) =>
                change({
                  values: event.target.value
                    .split(/[\n,]/)
                    .map((value) => value.trim())
                    .filter((value, at, all) => value !== '' || at === all.length - 1),
                })
              }
            />
            <small id={`${id}-hint`} className="muted">
              One value per line, or separated by commas: a pasted list is split.
            </small>
          </>
        ) : operator.startsWith('NUM') ? (
          <input
            id={`${id}-value`}
            type="number"
            step="any"
            value={constraint.value ?? ''}
            onChange={(event) => change({ value: event.target.value })}
            required
          />
        ) : operator.startsWith('DATE') ? (
          <input
            id={`${id}-value`}
            type="datetime-local"
            value={constraint.value ? constraint.value.slice(0, 16) : ''}
            onChange={(event) => change({ value: event.target.value ? new Date(event.target.value).toISOString() : '' })}
            required
          />
        ) : (
          <input
            id={`${id}-value`}
            value={constraint.value ?? ''}
            placeholder={operator === 'REGEX' ? '^beta-' : '1.2.3'}
            onChange={(event) => change({ value: event.target.value })}
            aria-invalid={versionProblem ? true : undefined}
            aria-describedby={versionProblem ? `${id}-problem` : undefined}
            required
          />
        )}
        {(versionProblem || problem) && (
          <span id={`${id}-problem`} className="field-error">
            {versionProblem ?? problem}
          </span>
        )}
      </div>
      <div className="row">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={constraint.inverted}
            disabled={operator === 'REGEX'}
            onChange={(event) => change({ inverted: event.target.checked })}
          />{' '}
          Negate
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={constraint.caseInsensitive}
            onChange={(event) => change({ caseInsensitive: event.target.checked })}
          />{' '}
          Ignore case
        </label>
        <Button className="button quiet danger" onPress={onRemove}>
          Remove constraint {index + 1}
        </Button>
      </div>
    </fieldset>
  );
}
