import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { api, ApiError, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { GuardedButton } from '../../ui/GuardedButton';
import { FieldProblem } from './VariantsEditor';

type Feature = Schemas['featureSchema'];
type Dependency = Schemas['dependencySchema'];

/** In words: "enabled, with variant blue or green". */
const condition = (dependency: Dependency) =>
  dependency.enabled ? `enabled${dependency.variants.length ? `, with variant ${dependency.variants.join(' or ')}` : ''}` : 'disabled';

/**
 * The flag's parent (at most one): the flag is on only where its parent is enabled (or disabled), optionally with
 * one of the parent's variants. Add or replace it, remove it; the flags that depend on this one are listed.
 */
export function DependencySection({ flag, onChanged }: { flag: Feature; onChanged: () => void }) {
  const id = useId();
  const canEdit = usePermission('UPDATE_FEATURE_DEPENDENCY', { project: flag.project });
  const [adding, setAdding] = useState(false);
  const path = { projectId: flag.project, featureName: flag.name };
  const remove = useMutation({
    mutationFn: (parent: string) =>
      data(
        api.DELETE('/api/admin/projects/{projectId}/features/{featureName}/dependencies/{parent}', {
          params: { path: { ...path, parent } },
        }),
      ),
    onSuccess: onChanged,
  });
  const [parent] = flag.dependencies;
  return (
    <section aria-labelledby={`${id}-heading`} className="stack">
      <h2 id={`${id}-heading`}>Dependency</h2>
      {parent ? (
        <div className="row">
          <p>
            Depends on{' '}
            <Link href={`/flags/${encodeURIComponent(flag.project)}/${encodeURIComponent(parent.feature)}`}>{parent.feature}</Link> being{' '}
            {condition(parent)}.
          </p>
          <GuardedButton permission={canEdit} className="button quiet danger" onPress={() => remove.mutate(parent.feature)}>
            Remove dependency on {parent.feature}
          </GuardedButton>
        </div>
      ) : (
        <p className="muted">No parent: the flag is evaluated on its own.</p>
      )}
      {remove.error && (
        <p role="alert" className="notice error">
          {remove.error.message}
        </p>
      )}
      {adding ? (
        <ParentForm
          flag={flag}
          onDone={() => {
            setAdding(false);
            onChanged();
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <p>
          <GuardedButton permission={canEdit} className="button" onPress={() => setAdding(true)}>
            {parent ? 'Change parent' : 'Add parent'}
          </GuardedButton>
        </p>
      )}
      {flag.children.length > 0 && (
        <p>
          Flags that depend on this one:{' '}
          {flag.children.map((child, at) => (
            <span key={child}>
              {at > 0 && ', '}
              <Link href={`/flags/${encodeURIComponent(flag.project)}/${encodeURIComponent(child)}`}>{child}</Link>
            </span>
          ))}
        </p>
      )}
    </section>
  );
}

/** The parent's pick list is loaded when the form opens; the parent's variants when a parent is picked. */
function ParentForm({ flag, onDone, onCancel }: { flag: Feature; onDone: () => void; onCancel: () => void }) {
  const id = useId();
  const path = { projectId: flag.project, featureName: flag.name };
  const options = useQuery({
    queryKey: ['parent-options', flag.project, flag.name],
    queryFn: () => data(api.GET('/api/admin/projects/{projectId}/features/{featureName}/parents', { params: { path } })),
    refetchInterval: false,
  });
  const [parent, setParent] = useState('');
  const [enabled, setEnabled] = useState(true);
  const [variants, setVariants] = useState<string[]>([]);
  const parentFeature = useQuery({
    queryKey: ['feature', flag.project, parent],
    queryFn: () =>
      data(
        api.GET('/api/admin/projects/{projectId}/features/{featureName}', {
          params: { path: { projectId: flag.project, featureName: parent } },
        }),
      ),
    enabled: parent !== '' && enabled,
    refetchInterval: false,
  });
  const parentVariants = [
    ...new Set(
      (parentFeature.data?.environments ?? []).flatMap((environment) => [
        ...environment.variants.map((variant) => variant.name),
        ...environment.strategies.flatMap((strategy) => (strategy.variants ?? []).map((variant) => variant.name)),
      ]),
    ),
  ].sort();
  const add = useMutation({
    mutationFn: () =>
      data(
        api.POST('/api/admin/projects/{projectId}/features/{featureName}/dependencies', {
          params: { path },
          body: enabled ? { feature: parent, enabled, variants } : { feature: parent, enabled },
        }),
      ),
    onSuccess: onDone,
  });
  const error = add.error instanceof ApiError ? add.error : undefined;
  const problemAt = (pointer: string) => (error?.status === 400 ? error.detailFor(pointer) : undefined);
  const unplaced = error && !problemAt('/body/feature') && !problemAt('/body/variants') ? error.message : undefined;
  return (
    <form
      className="stack card"
      aria-label="Parent flag"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate();
      }}
    >
      <div className="row">
        <div className="field">
          <label htmlFor={`${id}-parent`}>Parent flag</label>
          <select
            id={`${id}-parent`}
            value={parent}
            onChange={(event) => {
              setParent(event.target.value);
              setVariants([]);
            }}
            required
          >
            <option value="">{options.isPending ? 'Loading…' : 'Pick a flag'}</option>
            {(options.data ?? []).map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
          <FieldProblem message={problemAt('/body/feature')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-condition`}>When the parent is</label>
          <select id={`${id}-condition`} value={String(enabled)} onChange={(event) => setEnabled(event.target.value === 'true')}>
            <option value="true">enabled</option>
            <option value="false">disabled</option>
          </select>
        </div>
      </div>
      {enabled && parentVariants.length > 0 && (
        <fieldset>
          <legend>With one of the parent's variants (any when none is checked)</legend>
          {parentVariants.map((name) => (
            <label key={name} className="checkbox">
              <input
                type="checkbox"
                checked={variants.includes(name)}
                onChange={(event) =>
                  setVariants(event.target.checked ? [...variants, name] : variants.filter((existing) => existing !== name))
                }
              />{' '}
              {name}
            </label>
          ))}
          <FieldProblem message={problemAt('/body/variants')} />
        </fieldset>
      )}
      {unplaced && (
        <p role="alert" className="notice error">
          {unplaced}
        </p>
      )}
      <div className="row">
        <Button className="button" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" className="button primary" isDisabled={add.isPending || parent === ''}>
          Save dependency
        </Button>
      </div>
    </form>
  );
}
