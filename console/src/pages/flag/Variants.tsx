import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from 'react-aria-components';
import { api, ApiError, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { GuardedButton } from '../../ui/GuardedButton';
import { type EditableVariant, payloadProblem, VariantsEditor } from './VariantsEditor';

type Feature = Schemas['featureSchema'];
type Environment = Schemas['featureEnvironmentSchema'];

/** A variant as the API gives it, with the defaults the editor shows filled in. */
const editable = (variant: Schemas['variantSchema']): EditableVariant => ({
  ...variant,
  weightType: variant.weightType ?? 'variable',
  stickiness: variant.stickiness ?? 'default',
});

/** What is sent: override lists without the empty line left by typing. */
const cleaned = (variants: EditableVariant[]): EditableVariant[] =>
  variants.map((variant) =>
    variant.overrides
      ? { ...variant, overrides: variant.overrides.map((override) => ({ ...override, values: override.values.filter(Boolean) })) }
      : variant,
  );

/** The flag's variants per environment (what SDKs get when no strategy variant applies): listed, and edited as a whole. */
export default function Variants({ flag, onChanged }: { flag: Feature; onChanged: () => void }) {
  return (
    <div className="stack">
      <p className="muted">
        When the flag is on and the matching strategy has no variants of its own, SDKs get one of these, by weight and stickiness; overrides
        give a variant to the context values they name.
      </p>
      {flag.environments.map((environment) => (
        <EnvironmentVariants key={environment.name} flag={flag} environment={environment} onChanged={onChanged} />
      ))}
    </div>
  );
}

function EnvironmentVariants({ flag, environment, onChanged }: { flag: Feature; environment: Environment; onChanged: () => void }) {
  const id = useId();
  const canEdit = usePermission('UPDATE_FEATURE_ENVIRONMENT_VARIANTS', { project: flag.project, environment: environment.name });
  const [draft, setDraft] = useState<EditableVariant[]>();
  const save = useMutation({
    mutationFn: (variants: EditableVariant[]) =>
      data(
        api.PUT('/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/variants', {
          params: { path: { projectId: flag.project, featureName: flag.name, environment: environment.name } },
          body: variants,
        }),
      ),
    onSuccess: () => {
      setDraft(undefined);
      onChanged();
    },
  });
  const error = save.error instanceof ApiError ? save.error : undefined;
  const problemAt = (pointer: string) => (error?.status === 400 ? error.detailFor(pointer) : undefined);
  const placed = (error?.body?.details ?? []).some((detail) => detail.path?.startsWith('/body'));
  const headingId = `${id}-heading`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-header">
        <h3 id={headingId}>Variants in {environment.name}</h3>
        {environment.type === 'production' && <span className="badge production">production</span>}
        {!draft && (
          <GuardedButton
            permission={canEdit}
            className="button"
            onPress={() => {
              save.reset();
              setDraft(environment.variants.map(editable));
            }}
          >
            Edit variants in {environment.name}
          </GuardedButton>
        )}
      </div>
      {draft ? (
        <form
          className="stack"
          aria-label={`Variants in ${environment.name}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (!draft.some((variant) => payloadProblem(variant.payload))) save.mutate(cleaned(draft));
          }}
        >
          {error && !placed && (
            <p role="alert" className="notice error">
              {error.message}
            </p>
          )}
          <VariantsEditor variants={draft} onChange={setDraft} problemAt={problemAt} pointer="/body" withOverrides />
          <div className="row">
            <Button
              className="button"
              onPress={() => {
                const changed = JSON.stringify(draft) !== JSON.stringify(environment.variants.map(editable));
                if (!changed || window.confirm(`Discard your changes to the variants in ${environment.name}?`)) setDraft(undefined);
              }}
            >
              Cancel
            </Button>
            <Button type="submit" className="button primary" isDisabled={save.isPending}>
              {save.isPending ? 'Saving…' : `Save variants in ${environment.name}`}
            </Button>
          </div>
        </form>
      ) : environment.variants.length === 0 ? (
        <p className="muted">No variants: SDKs get the variant "disabled" here unless a strategy gives one.</p>
      ) : (
        <VariantTable variants={environment.variants} environment={environment.name} />
      )}
    </section>
  );
}

function VariantTable({ variants, environment }: { variants: Schemas['variantSchema'][]; environment: string }) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label={`Variants in ${environment}`}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Weight</th>
            <th scope="col">Stickiness</th>
            <th scope="col">Payload</th>
            <th scope="col">Overrides</th>
          </tr>
        </thead>
        <tbody>
          {variants.map((variant) => (
            <tr key={variant.name}>
              <td>{variant.name}</td>
              <td>
                {variant.weight / 10} % {variant.weightType === 'fix' ? '(fixed)' : '(variable)'}
              </td>
              <td>{variant.stickiness ?? 'default'}</td>
              <td>{variant.payload ? <code>{`${variant.payload.type}: ${variant.payload.value}`}</code> : '—'}</td>
              <td>
                {(variant.overrides ?? [])
                  .map((override) => `${override.contextName} is one of ${override.values.join(', ')}`)
                  .join('; ') || '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
