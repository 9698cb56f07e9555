import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api, ApiError, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { GuardedButton } from '../../ui/GuardedButton';
import { FieldProblem } from './VariantsEditor';

type Feature = Schemas['featureSchema'];

/** What each stage means for the person cleaning up flags. */
const STAGE_WORDS: Record<string, string> = {
  initial: 'defined, not yet seen by an SDK',
  'pre-live': 'seen outside production',
  live: 'seen in production',
  completed: 'done: to be cleaned up in code',
  archived: 'archived',
};

/** The flag's lifecycle stage, with "Mark completed" (kept or discarded) and "Uncomplete" as the API offers them. */
export function Lifecycle({ flag, onChanged }: { flag: Feature; onChanged: () => void }) {
  const canUpdate = usePermission('UPDATE_FEATURE', { project: flag.project });
  const [completing, setCompleting] = useState(false);
  const path = { projectId: flag.project, featureName: flag.name };
  const uncomplete = useMutation({
    mutationFn: () => data(api.POST('/api/admin/projects/{projectId}/features/{featureName}/lifecycle/uncomplete', { params: { path } })),
    onSuccess: onChanged,
  });
  const stage = flag.lifecycle?.stage;
  if (!stage) return null;
  return (
    <div className="row lifecycle" role="group" aria-label="Lifecycle">
      <span>
        Lifecycle: <strong>{stage}</strong>
        {flag.lifecycle?.status && <> ({flag.lifecycle.status})</>}
        <span className="muted"> · {STAGE_WORDS[stage] ?? stage}</span>
      </span>
      {stage === 'completed' ? (
        <GuardedButton permission={canUpdate} className="button quiet" onPress={() => uncomplete.mutate()}>
          Uncomplete
        </GuardedButton>
      ) : (
        stage !== 'archived' && (
          <GuardedButton permission={canUpdate} className="button quiet" onPress={() => setCompleting(true)}>
            Mark completed
          </GuardedButton>
        )
      )}
      {uncomplete.error && (
        <span role="alert" className="field-error">
          {uncomplete.error.message}
        </span>
      )}
      {completing && (
        <CompleteDialog
          flag={flag}
          onDone={() => {
            setCompleting(false);
            onChanged();
          }}
          onCancel={() => setCompleting(false)}
        />
      )}
    </div>
  );
}

function CompleteDialog({ flag, onDone, onCancel }: { flag: Feature; onDone: () => void; onCancel: () => void }) {
  const id = useId();
  const [status, setStatus] = useState<'kept' | 'discarded'>('kept');
  const [statusValue, setStatusValue] = useState('');
  const complete = useMutation({
    mutationFn: () =>
      data(
        api.POST('/api/admin/projects/{projectId}/features/{featureName}/lifecycle/complete', {
          params: { path: { projectId: flag.project, featureName: flag.name } },
          body: statusValue ? { status, statusValue } : { status },
        }),
      ),
    onSuccess: onDone,
  });
  const error = complete.error instanceof ApiError ? complete.error : undefined;
  return (
    <ConfirmDialog
      title={`Mark ${flag.name} completed?`}
      confirmLabel="Mark completed"
      onCancel={onCancel}
      onConfirm={() => complete.mutate()}
    >
      <fieldset>
        <legend>What happens to the feature</legend>
        <label className="checkbox">
          <input type="radio" name={`${id}-status`} checked={status === 'kept'} onChange={() => setStatus('kept')} /> Kept: the code keeps
          the new behaviour
        </label>
        <label className="checkbox">
          <input type="radio" name={`${id}-status`} checked={status === 'discarded'} onChange={() => setStatus('discarded')} /> Discarded:
          the code goes back to the old behaviour
        </label>
        <FieldProblem message={error?.detailFor('/body/status')} />
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-value`}>Variant kept (optional)</label>
        <input id={`${id}-value`} value={statusValue} onChange={(event) => setStatusValue(event.target.value)} maxLength={255} />
        <FieldProblem message={error?.detailFor('/body/statusValue')} />
      </div>
      {error && !error.detailFor('/body/status') && !error.detailFor('/body/statusValue') && (
        <p role="alert" className="notice error">
          {error.message}
        </p>
      )}
    </ConfirmDialog>
  );
}
