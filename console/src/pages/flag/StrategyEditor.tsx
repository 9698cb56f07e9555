import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { api, ApiError, data, type Schemas } from '../../api/client';
import { cleanedConstraint, ConstraintEditor, newConstraint } from './ConstraintEditor';
import { FieldProblem, STICKINESS, VariantsEditor } from './VariantsEditor';

type Strategy = Schemas['featureStrategySchema'];
type Draft = Schemas['createFeatureStrategySchema'];

export interface StrategyTarget {
  project: string;
  flag: string;
  environment: string;
  /** Absent for a new strategy. */
  strategyId?: string;
}

function draftOf(strategy: Strategy | undefined, flag: string): Draft {
  if (!strategy) {
    return {
      name: 'flexibleRollout',
      title: '',
      disabled: false,
      constraints: [],
      segments: [],
      variants: [],
      parameters: { rollout: '100', stickiness: 'default', groupId: flag },
    };
  }
  const { name, title, disabled, constraints, segments, variants, parameters } = strategy;
  return { name, title: title ?? '', disabled: disabled ?? false, constraints, segments, variants, parameters };
}

/** What is sent: no empty title, constraints cleaned. */
function cleaned(draft: Draft): Draft {
  return { ...draft, title: draft.title || null, constraints: draft.constraints?.map(cleanedConstraint) };
}

/**
 * The strategy editor (the spec's strategy update), in a drawer beside the flag: rollout, stickiness, group id,
 * constraints, segments, variants, title and disabled. A save that meets someone else's change (412) says so and
 * offers to reload; a 400 shows its message next to the field its property names.
 */
export function StrategyEditor({ target, onClose, onSaved }: { target: StrategyTarget; onClose: () => void; onSaved: () => void }) {
  const id = useId();
  const path = { projectId: target.project, featureName: target.flag, environment: target.environment };
  // The strategy as stored, with its ETag for If-Match: a save is refused if someone changed it since.
  const stored = useQuery({
    queryKey: ['strategy', target],
    queryFn: async () => {
      const { data: strategy, response } = await api.GET(
        '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies/{strategyId}',
        { params: { path: { ...path, strategyId: target.strategyId! } } },
      );
      if (!response.ok || !strategy) throw new ApiError(response.status, undefined);
      return { strategy, etag: response.headers.get('etag') ?? undefined };
    },
    enabled: target.strategyId !== undefined,
    refetchInterval: false,
    refetchOnWindowFocus: false,
  });
  const segments = useQuery({ queryKey: ['segments'], queryFn: () => data(api.GET('/api/admin/segments')), refetchInterval: false });
  const [draft, setDraft] = useState<Draft | undefined>(target.strategyId ? undefined : draftOf(undefined, target.flag));
  const [dirty, setDirty] = useState(false);
  const shown = draft ?? (stored.data ? draftOf(stored.data.strategy, target.flag) : undefined);

  const save = useMutation({
    mutationFn: async (body: Draft) => {
      if (!target.strategyId) {
        return data(
          api.POST('/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies', {
            params: { path },
            body,
          }),
        );
      }
      return data(
        api.PUT('/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies/{strategyId}', {
          params: { path: { ...path, strategyId: target.strategyId }, header: stored.data?.etag ? { 'If-Match': stored.data.etag } : {} },
          body,
        }),
      );
    },
    onSuccess: () => {
      onSaved();
      onClose();
    },
  });
  const error = save.error instanceof ApiError ? save.error : undefined;
  const conflict = error?.status === 412;
  const problemAt = (pointer: string) => (error?.status === 400 ? error.detailFor(pointer) : undefined);
  const unplaced =
    error && error.status !== 412 && !(error.body?.details ?? []).some((detail) => detail.path?.startsWith('/body/'))
      ? error.message
      : undefined;

  const update = (changes: Partial<Draft>) => {
    setDraft({ ...shown!, ...changes });
    setDirty(true);
  };
  const setParameter = (name: string, value: string) => update({ parameters: { ...shown!.parameters, [name]: value } });
  const close = () => {
    if (!dirty || window.confirm('Discard your changes to this strategy?')) onClose();
  };
  const reload = async () => {
    save.reset();
    setDraft(undefined);
    setDirty(false);
    await stored.refetch();
  };

  return (
    <ModalOverlay isOpen isDismissable={false} onOpenChange={(open) => !open && close()} className="drawer-overlay">
      <Modal className="drawer">
        <Dialog className="dialog" aria-labelledby={`${id}-title`}>
          <Heading id={`${id}-title`} slot="title">
            {target.strategyId ? 'Edit strategy' : 'Add strategy'} in {target.environment}
          </Heading>
          {!shown ? (
            <p>{stored.error ? stored.error.message : 'Loading…'}</p>
          ) : (
            <form
              className="stack"
              onSubmit={(event) => {
                event.preventDefault();
                save.mutate(cleaned(shown));
              }}
            >
              {conflict && (
                <div role="alert" className="notice warning">
                  Someone else changed this strategy since you opened it.{' '}
                  <Button className="button" onPress={reload}>
                    Reload their version
                  </Button>
                </div>
              )}
              {unplaced && (
                <p role="alert" className="notice error">
                  {unplaced}
                </p>
              )}
              <div className="field">
                <label htmlFor={`${id}-name`}>Strategy</label>
                <input
                  id={`${id}-name`}
                  value={shown.name}
                  onChange={(event) => update({ name: event.target.value })}
                  disabled={target.strategyId !== undefined}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-strategy-title`}>Title</label>
                <input id={`${id}-strategy-title`} value={shown.title ?? ''} onChange={(event) => update({ title: event.target.value })} />
                <FieldProblem message={problemAt('/body/title')} />
              </div>
              {shown.name === 'flexibleRollout' && (
                <>
                  <div className="field">
                    <label htmlFor={`${id}-rollout`}>Rollout (%)</label>
                    <div className="row">
                      <input
                        type="range"
                        min={0}
                        max={100}
                        aria-label="Rollout slider"
                        value={Number(shown.parameters?.rollout ?? 100)}
                        onChange={(event) => setParameter('rollout', event.target.value)}
                      />
                      <input
                        id={`${id}-rollout`}
                        type="number"
                        min={0}
                        max={100}
                        className="narrow"
                        value={shown.parameters?.rollout ?? ''}
                        onChange={(event) => setParameter('rollout', event.target.value)}
                      />
                    </div>
                    <FieldProblem message={problemAt('/body/parameters/rollout')} />
                  </div>
                  <div className="row">
                    <div className="field">
                      <label htmlFor={`${id}-stickiness`}>Stickiness</label>
                      <select
                        id={`${id}-stickiness`}
                        value={shown.parameters?.stickiness ?? 'default'}
                        onChange={(event) => setParameter('stickiness', event.target.value)}
                      >
                        {STICKINESS.map((value) => (
                          <option key={value}>{value}</option>
                        ))}
                      </select>
                    </div>
                    <div className="field">
                      <label htmlFor={`${id}-group`}>Group id</label>
                      <input
                        id={`${id}-group`}
                        value={shown.parameters?.groupId ?? ''}
                        onChange={(event) => setParameter('groupId', event.target.value)}
                      />
                      <FieldProblem message={problemAt('/body/parameters/groupId')} />
                    </div>
                  </div>
                </>
              )}
              <label className="checkbox">
                <input type="checkbox" checked={shown.disabled ?? false} onChange={(event) => update({ disabled: event.target.checked })} />{' '}
                Disabled (kept, but not evaluated)
              </label>
              <section aria-labelledby={`${id}-constraints`} className="stack">
                <h3 id={`${id}-constraints`}>Constraints</h3>
                {(shown.constraints ?? []).map((constraint, index) => (
                  <ConstraintEditor
                    key={index}
                    index={index}
                    constraint={constraint}
                    problem={
                      problemAt(`/body/constraints/${index}/values`) ??
                      problemAt(`/body/constraints/${index}/value`) ??
                      problemAt(`/body/constraints/${index}`)
                    }
                    onChange={(changed) =>
                      update({ constraints: shown.constraints!.map((existing, at) => (at === index ? changed : existing)) })
                    }
                    onRemove={() => update({ constraints: shown.constraints!.filter((_, at) => at !== index) })}
                  />
                ))}
                <Button
                  className="button"
                  onPress={() =>
                    update({
                      constraints: [...(shown.constraints ?? []), newConstraint()],
                    })
                  }
                >
                  Add constraint
                </Button>
              </section>
              <fieldset className="stack">
                <legend>Segments</legend>
                {segments.data?.segments.length === 0 && <p className="muted">No segments yet.</p>}
                {segments.data?.segments.map((segment) => (
                  <label key={segment.id} className="checkbox">
                    <input
                      type="checkbox"
                      checked={shown.segments?.includes(segment.id) ?? false}
                      onChange={(event) =>
                        update({
                          segments: event.target.checked
                            ? [...(shown.segments ?? []), segment.id]
                            : (shown.segments ?? []).filter((existing) => existing !== segment.id),
                        })
                      }
                    />{' '}
                    {segment.name}
                  </label>
                ))}
                <FieldProblem message={problemAt('/body/segments')} />
              </fieldset>
              <VariantsEditor
                variants={shown.variants ?? []}
                onChange={(variants) => update({ variants })}
                problemAt={problemAt}
                pointer="/body/variants"
              />
              <div className="dialog-actions">
                <Button className="button" onPress={close}>
                  Cancel
                </Button>
                <Button type="submit" className="button primary" isDisabled={save.isPending}>
                  {save.isPending ? 'Saving…' : 'Save strategy'}
                </Button>
              </div>
            </form>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
