import { useId, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { FILTERS, type FilterKey, formatFilter } from './filters';

const STATUS = 'status';

/** Builds one filter of the search API: which, its operator and its values; or an environment's on/off state. */
export function FilterEditor({
  onApply,
  onApplyStatus,
}: {
  onApply: (key: FilterKey, value: string) => void;
  onApplyStatus: (value: string) => void;
}) {
  const id = useId();
  const [key, setKey] = useState<FilterKey | typeof STATUS>('project');
  const definition = FILTERS.find((filter) => filter.key === key);
  const [operator, setOperator] = useState(definition?.operators[0].value ?? '');
  const [values, setValues] = useState('');

  const choose = (next: FilterKey | typeof STATUS) => {
    setKey(next);
    setOperator(FILTERS.find((filter) => filter.key === next)?.operators[0].value ?? '');
    setValues('');
  };

  if (key === STATUS) return <StatusEditor onChoose={choose} onApply={onApplyStatus} />;
  const list = values
    .split(/[,\n]/)
    .map((value) => value.trim())
    .filter(Boolean);
  return (
    <Form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        if (list.length) onApply(key, formatFilter(operator, list));
      }}
    >
      <FilterPicker value={key} onChange={choose} />
      <div className="field">
        <label htmlFor={`${id}-operator`}>Operator</label>
        <select id={`${id}-operator`} value={operator} onChange={(event) => setOperator(event.target.value)}>
          {definition!.operators.map((candidate) => (
            <option key={candidate.value} value={candidate.value}>
              {candidate.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-values`}>{definition!.input === 'date' ? 'Day' : 'Values'}</label>
        {definition!.input === 'date' ? (
          <input id={`${id}-values`} type="date" value={values} onChange={(event) => setValues(event.target.value)} required />
        ) : definition!.input === 'choices' ? (
          <select
            id={`${id}-values`}
            multiple={definition!.key !== 'favorite'}
            value={definition!.key === 'favorite' ? values : list}
            onChange={(event) => setValues([...event.target.selectedOptions].map((option) => option.value).join(','))}
            required
          >
            {definition!.choices!.map((choice) => (
              <option key={choice}>{choice}</option>
            ))}
          </select>
        ) : (
          <input
            id={`${id}-values`}
            value={values}
            placeholder={definition!.placeholder}
            onChange={(event) => setValues(event.target.value)}
            aria-describedby={`${id}-hint`}
            required
          />
        )}
        {definition!.input === 'list' && (
          <small id={`${id}-hint`} className="muted">
            Separate values with commas; a pasted list with one value per line works too.
          </small>
        )}
      </div>
      <Button type="submit" className="button primary">
        Apply filter
      </Button>
    </Form>
  );
}

function FilterPicker({ value, onChange }: { value: string; onChange: (key: FilterKey | typeof STATUS) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Filter</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as FilterKey | typeof STATUS)}>
        {FILTERS.map((filter) => (
          <option key={filter.key} value={filter.key}>
            {filter.label}
          </option>
        ))}
        <option value={STATUS}>On or off in an environment</option>
      </select>
    </div>
  );
}

/** The `status` parameter: `<environment>:enabled` or `<environment>:disabled`. */
export function StatusEditor({
  onChoose,
  onApply,
}: {
  onChoose: (key: FilterKey | typeof STATUS) => void;
  onApply: (value: string) => void;
}) {
  const id = useId();
  const [environment, setEnvironment] = useState('');
  const [state, setState] = useState('enabled');
  return (
    <Form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        if (environment.trim()) onApply(`${environment.trim()}:${state}`);
      }}
    >
      <FilterPicker value={STATUS} onChange={onChoose} />
      <div className="field">
        <label htmlFor={`${id}-environment`}>Environment</label>
        <input id={`${id}-environment`} value={environment} onChange={(event) => setEnvironment(event.target.value)} required />
      </div>
      <div className="field">
        <label htmlFor={`${id}-state`}>State</label>
        <select id={`${id}-state`} value={state} onChange={(event) => setState(event.target.value)}>
          <option value="enabled">on</option>
          <option value="disabled">off</option>
        </select>
      </div>
      <Button type="submit" className="button primary">
        Apply filter
      </Button>
    </Form>
  );
}
