import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from 'react-aria-components';
import { api, ApiError, data, type Schemas } from '../../api/client';
import { useDebounced } from '../../ui/useDebounced';
import { operatorWords } from './summary';
import './flag.css';
import { splitList } from './VariantsEditor';

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
/** The context every SDK sends; the service's own context fields are offered too. */
const KNOWN_CONTEXT_FIELDS = ['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime'];
/** Operators whose values are picked from a context field's legal values when it has some. */
const PICKED_OPERATORS: Operator[] = ['IN', 'NOT_IN'];

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
  const contextFields = useQuery({
    queryKey: ['context-fields'],
    queryFn: () => data(api.GET('/api/admin/context')),
    refetchInterval: false,
  });
  const field = contextFields.data?.find((candidate) => candidate.name === constraint.contextName);
  const legalValues = field?.legalValues ?? [];
  const picked = legalValues.length > 0 && PICKED_OPERATORS.includes(operator);
  const versionProblem = useVersionCheck(constraint);
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
            {[...new Set([...KNOWN_CONTEXT_FIELDS, ...(contextFields.data ?? []).map((known) => known.name)])].map((name) => (
              <option key={name} value={name} />
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
      {picked ? (
        <LegalValuePicker
          field={constraint.contextName}
          legalValues={legalValues}
          values={constraint.values}
          onChange={(values) => change({ values })}
          problem={problem}
        />
      ) : (
        <div className="field">
          <label htmlFor={`${id}-value`}>{takesList(operator) ? 'Values' : 'Value'}</label>
          {takesList(operator) ? (
            <>
              <textarea
                id={`${id}-value`}
                rows={3}
                value={constraint.values.join('\n')}
                aria-describedby={`${id}-hint`}
                onChange={(event) => change({ values: splitList(event.target.value) })}
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
              value={constraint.value ? localDateTime(constraint.value) : ''}
              onChange={(event) => change({ value: event.target.value ? new Date(event.target.value).toISOString() : '' })}
              aria-describedby={`${id}-hint`}
              required
            />
          ) : (
            <input
              id={`${id}-value`}
              value={constraint.value ?? ''}
              list={legalValues.length > 0 ? `${id}-legal` : undefined}
              placeholder={operator === 'REGEX' ? '^beta-' : '1.2.3'}
              onChange={(event) => change({ value: event.target.value })}
              aria-invalid={versionProblem ? true : undefined}
              aria-describedby={`${id}-problem`}
              required
            />
          )}
          {operator.startsWith('DATE') && (
            <small id={`${id}-hint`} className="muted">
              In your time zone; sent as {constraint.value || 'UTC'}.
            </small>
          )}
          {legalValues.length > 0 && (
            <datalist id={`${id}-legal`}>
              {legalValues.map((legal) => (
                <option key={legal.value} value={legal.value}>
                  {legal.description ?? ''}
                </option>
              ))}
            </datalist>
          )}
          <FieldMessage id={`${id}-problem`} message={versionProblem ?? problem} />
        </div>
      )}
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

function FieldMessage({ id, message }: { id: string; message?: string }) {
  return message ? (
    <span id={id} className="field-error">
      {message}
    </span>
  ) : null;
}

/** An ISO date as a datetime-local input shows it: the local date and time, to the minute. */
function localDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A version as typed, checked by the API as a save would check it (one request per pause in typing). */
function useVersionCheck(constraint: Constraint): string | undefined {
  const checked = useDebounced(constraint, 400);
  const check = useQuery({
    queryKey: ['constraint-check', checked],
    queryFn: () => data(api.POST('/api/admin/constraints/validate', { body: cleanedConstraint(checked) })),
    enabled: checked.operator.startsWith('SEMVER') && Boolean(checked.value),
    retry: false,
    refetchInterval: false,
    refetchOnWindowFocus: false,
  });
  if (!constraint.operator.startsWith('SEMVER') || !constraint.value || checked !== constraint) return undefined;
  const error = check.error instanceof ApiError ? check.error : undefined;
  return error ? (error.body?.details?.[0]?.message ?? error.message) : undefined;
}

/** The legal values of a context field as a multi-select: each a checkbox with its description, filtered when many. */
function LegalValuePicker({
  field,
  legalValues,
  values,
  onChange,
  problem,
}: {
  field: string;
  legalValues: Schemas['legalValueSchema'][];
  values: string[];
  onChange: (values: string[]) => void;
  problem?: string;
}) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const chosen = new Set(values.filter(Boolean));
  const shown = legalValues.filter((legal) => `${legal.value} ${legal.description ?? ''}`.toLowerCase().includes(filter.toLowerCase()));
  // Values saved before they stopped being legal stay visible, so they can be removed.
  const unknown = [...chosen].filter((value) => !legalValues.some((legal) => legal.value === value));
  const toggle = (value: string, on: boolean) => onChange(on ? [...chosen, value] : [...chosen].filter((existing) => existing !== value));
  return (
    <fieldset className="legal-values" aria-describedby={problem ? `${id}-problem` : undefined}>
      <legend>Values (legal values of {field})</legend>
      {legalValues.length > 8 && (
        <div className="field">
          <label htmlFor={`${id}-filter`}>Filter the legal values</label>
          <input id={`${id}-filter`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
        </div>
      )}
      <div className="row">
        <Button className="button quiet" onPress={() => onChange([...new Set([...chosen, ...shown.map((legal) => legal.value)])])}>
          Select all shown
        </Button>
        <Button className="button quiet" onPress={() => onChange([])}>
          Clear
        </Button>
        <span className="muted small">{chosen.size} selected</span>
      </div>
      <ul className="legal-value-list">
        {[
          ...shown.map((legal) => ({ value: legal.value, description: legal.description })),
          ...unknown.map((value) => ({ value, description: 'no longer a legal value' })),
        ].map((legal) => (
          <li key={legal.value}>
            <label className="checkbox">
              <input type="checkbox" checked={chosen.has(legal.value)} onChange={(event) => toggle(legal.value, event.target.checked)} />{' '}
              {legal.value}
              {legal.description && <span className="muted"> — {legal.description}</span>}
            </label>
          </li>
        ))}
      </ul>
      <FieldMessage id={`${id}-problem`} message={problem} />
    </fieldset>
  );
}
