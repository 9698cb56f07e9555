import { useId } from 'react';
import { Button } from 'react-aria-components';
import type { Schemas } from '../../api/client';

type Override = Schemas['variantOverrideSchema'];
/** A strategy's variant, or a flag's variant in one environment (which may also have overrides). */
export type EditableVariant = Schemas['strategyVariantSchema'] & { overrides?: Override[] };
type Payload = NonNullable<EditableVariant['payload']>;

export const STICKINESS = ['default', 'userId', 'sessionId', 'random'];
const PAYLOAD_TYPES: Payload['type'][] = ['string', 'json', 'csv', 'number'];

export function FieldProblem({ message, id }: { message?: string; id?: string }) {
  return message ? (
    <span id={id} className="field-error">
      {message}
    </span>
  ) : null;
}

/** What is wrong with a payload as typed, before the API is asked: JSON that does not parse, a number that is not one. */
export function payloadProblem(payload: Payload | undefined): string | undefined {
  if (payload?.type === 'json') {
    try {
      JSON.parse(payload.value);
    } catch {
      return 'Not valid JSON yet.';
    }
  }
  if (payload?.type === 'number' && (payload.value.trim() === '' || !Number.isFinite(Number(payload.value)))) return 'Not a number.';
  return undefined;
}

/** A list typed or pasted: one value per line or separated by commas, keeping the line being typed. */
export const splitList = (text: string): string[] =>
  text
    .split(/[\n,]/)
    .map((value) => value.trim())
    .filter((value, at, all) => value !== '' || at === all.length - 1);

/**
 * Variants with weights that always add up: fixed ones keep theirs, variable ones share the rest equally; a payload
 * per type (JSON checked as typed); with `withOverrides`, the context values that always get a variant. `pointer`
 * is where the API's 400 names the list (`/body/variants` for a strategy's, `/body` for a flag's in an environment).
 */
export function VariantsEditor({
  variants,
  onChange,
  problemAt,
  pointer,
  withOverrides = false,
}: {
  variants: EditableVariant[];
  onChange: (variants: EditableVariant[]) => void;
  problemAt: (pointer: string) => string | undefined;
  pointer: string;
  withOverrides?: boolean;
}) {
  const id = useId();
  const fixed = variants.filter((variant) => variant.weightType === 'fix').reduce((sum, variant) => sum + variant.weight, 0);
  const variable = variants.filter((variant) => variant.weightType !== 'fix').length;
  const shareOf = (variant: EditableVariant) =>
    variant.weightType === 'fix' ? variant.weight : variable ? Math.max(0, 1000 - fixed) / variable : 0;
  const change = (index: number, changes: Partial<EditableVariant>) =>
    onChange(variants.map((variant, at) => (at === index ? { ...variant, ...changes } : variant)));
  return (
    <fieldset className="stack">
      <legend>Variants</legend>
      {fixed > 1000 && <FieldProblem message={`Fixed weights add up to ${fixed / 10} %, more than 100 %.`} />}
      {variants.map((variant, index) => {
        const at = `${pointer}/${index}`;
        const fieldId = `${id}-${index}`;
        const payloadMessage = payloadProblem(variant.payload) ?? problemAt(`${at}/payload/value`) ?? problemAt(`${at}/payload`);
        return (
          <div key={index} className="variant stack">
            <div className="row">
              <div className="field">
                <label htmlFor={`${fieldId}-name`}>Variant {index + 1} name</label>
                <input
                  id={`${fieldId}-name`}
                  value={variant.name}
                  onChange={(event) => change(index, { name: event.target.value })}
                  aria-describedby={`${fieldId}-name-problem`}
                  required
                />
                <FieldProblem id={`${fieldId}-name-problem`} message={problemAt(`${at}/name`)} />
              </div>
              <div className="field">
                <label htmlFor={`${fieldId}-weight`}>Weight (%)</label>
                <input
                  id={`${fieldId}-weight`}
                  type="number"
                  min={0}
                  max={100}
                  step={0.1}
                  className="narrow"
                  value={shareOf(variant) / 10}
                  disabled={variant.weightType !== 'fix'}
                  onChange={(event) => change(index, { weight: Math.round(Number(event.target.value) * 10) })}
                />
                <FieldProblem message={problemAt(`${at}/weight`)} />
              </div>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={variant.weightType === 'fix'}
                  onChange={(event) =>
                    change(index, { weightType: event.target.checked ? 'fix' : 'variable', weight: Math.round(shareOf(variant)) })
                  }
                />{' '}
                Fixed weight
              </label>
              <div className="field">
                <label htmlFor={`${fieldId}-stickiness`}>Stickiness</label>
                <select
                  id={`${fieldId}-stickiness`}
                  value={variant.stickiness}
                  onChange={(event) => change(index, { stickiness: event.target.value })}
                >
                  {[...new Set([...STICKINESS, variant.stickiness])].map((value) => (
                    <option key={value}>{value}</option>
                  ))}
                </select>
              </div>
            </div>
            <div className="row">
              <div className="field">
                <label htmlFor={`${fieldId}-payload-type`}>Payload type</label>
                <select
                  id={`${fieldId}-payload-type`}
                  value={variant.payload?.type ?? ''}
                  onChange={(event) =>
                    change(index, {
                      payload: event.target.value
                        ? { type: event.target.value as Payload['type'], value: variant.payload?.value ?? '' }
                        : undefined,
                    })
                  }
                >
                  <option value="">none</option>
                  {PAYLOAD_TYPES.map((type) => (
                    <option key={type}>{type}</option>
                  ))}
                </select>
              </div>
              {variant.payload && (
                <div className="field grow">
                  <label htmlFor={`${fieldId}-payload`}>Payload</label>
                  <textarea
                    id={`${fieldId}-payload`}
                    rows={variant.payload.type === 'json' ? 4 : 2}
                    value={variant.payload.value}
                    spellCheck={false}
                    aria-invalid={payloadMessage ? true : undefined}
                    aria-describedby={`${fieldId}-payload-problem`}
                    onChange={(event) => change(index, { payload: { ...variant.payload!, value: event.target.value } })}
                  />
                  <FieldProblem id={`${fieldId}-payload-problem`} message={payloadMessage} />
                </div>
              )}
            </div>
            {withOverrides && (
              <Overrides
                variantLabel={`variant ${index + 1}`}
                overrides={variant.overrides ?? []}
                onChange={(overrides) => change(index, { overrides })}
                problem={problemAt(`${at}/overrides`)}
              />
            )}
            <Button className="button quiet danger" onPress={() => onChange(variants.filter((_, at) => at !== index))}>
              Remove variant {index + 1}
            </Button>
          </div>
        );
      })}
      <FieldProblem message={problemAt(pointer)} />
      <Button
        className="button"
        onPress={() =>
          onChange([...variants, { name: `variant-${variants.length + 1}`, weight: 0, weightType: 'variable', stickiness: 'default' }])
        }
      >
        Add variant
      </Button>
    </fieldset>
  );
}

/** Context values that always get this variant, whatever the weights say: one context field, a pasted list of values. */
function Overrides({
  variantLabel,
  overrides,
  onChange,
  problem,
}: {
  variantLabel: string;
  overrides: Override[];
  onChange: (overrides: Override[]) => void;
  problem?: string;
}) {
  const id = useId();
  const change = (index: number, changes: Partial<Override>) =>
    onChange(overrides.map((override, at) => (at === index ? { ...override, ...changes } : override)));
  return (
    <div className="stack">
      {overrides.map((override, index) => (
        <div key={index} className="row">
          <div className="field">
            <label htmlFor={`${id}-${index}-context`}>Override {index + 1} context field</label>
            <input
              id={`${id}-${index}-context`}
              value={override.contextName}
              onChange={(event) => change(index, { contextName: event.target.value })}
              required
            />
          </div>
          <div className="field grow">
            <label htmlFor={`${id}-${index}-values`}>Override {index + 1} values</label>
            <textarea
              id={`${id}-${index}-values`}
              rows={2}
              value={override.values.join('\n')}
              onChange={(event) => change(index, { values: splitList(event.target.value) })}
            />
          </div>
          <Button className="button quiet danger" onPress={() => onChange(overrides.filter((_, at) => at !== index))}>
            Remove override {index + 1} of {variantLabel}
          </Button>
        </div>
      ))}
      <FieldProblem message={problem} />
      <Button className="button quiet" onPress={() => onChange([...overrides, { contextName: 'userId', values: [] }])}>
        Add override to {variantLabel}
      </Button>
    </div>
  );
}
