import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api, ApiError, data } from '../../api/client';
import { usePermission, type Permission } from '../../app/permissions';
import { useNavigate } from 'react-router';
import { GuardedButton } from '../../ui/GuardedButton';
import { TypedConfirmDialog } from '../../ui/TypedConfirmDialog';
import type { ProjectOverview } from './ProjectHeader';

/** Unleash keeps its default project: the API refuses to delete it. */
const DEFAULT_PROJECT = 'default';

/** Name and description, and deleting the project (its id typed to confirm). */
export function GeneralSettings({ projectId, project }: { projectId: string; project: ProjectOverview }) {
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const canUpdate = usePermission('UPDATE_PROJECT', { project: projectId });
  const mayDelete = usePermission('DELETE_PROJECT', { project: projectId });
  const canDelete: Permission =
    projectId === DEFAULT_PROJECT ? { allowed: false, reason: 'The default project cannot be deleted' } : mayDelete;
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description ?? '');
  const [deleting, setDeleting] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      data(
        api.PUT('/api/admin/projects/{projectId}', { params: { path: { projectId } }, body: { name, description: description || null } }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['project', projectId] });
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
  const remove = useMutation({
    mutationFn: () => data(api.DELETE('/api/admin/projects/{projectId}', { params: { path: { projectId } } })),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ['project', projectId] });
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
      navigate('/projects');
    },
  });
  const problem = (property: string) => (save.error instanceof ApiError ? save.error.detailFor(`/body/${property}`) : undefined);
  return (
    <>
      <section className="card" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>General</h2>
        <form
          className="stack narrow-form"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              aria-invalid={problem('name') ? true : undefined}
              aria-describedby={problem('name') ? `${id}-name-error` : undefined}
            />
            {problem('name') && (
              <span id={`${id}-name-error`} className="field-error">
                {problem('name')}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${id}-description`}>Description</label>
            <textarea id={`${id}-description`} rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />
          </div>
          {save.error && !problem('name') && (
            <p role="alert" className="notice error">
              {save.error.message}
            </p>
          )}
          {save.isSuccess && (
            <p role="status" className="muted">
              Saved.
            </p>
          )}
          <div className="row">
            <GuardedButton permission={canUpdate} type="submit" className="button primary" isDisabled={save.isPending}>
              Save
            </GuardedButton>
          </div>
        </form>
      </section>
      <section className="card" aria-labelledby={`${id}-delete-heading`}>
        <h2 id={`${id}-delete-heading`}>Delete the project</h2>
        <p className="muted">Only a project without active flags can be deleted; its archived flags are deleted with it.</p>
        <GuardedButton permission={canDelete} className="button danger" onPress={() => setDeleting(true)}>
          Delete project
        </GuardedButton>
      </section>
      {deleting && (
        <TypedConfirmDialog
          action="Delete"
          name={projectId}
          error={remove.error}
          onConfirm={() => remove.mutate()}
          onCancel={() => (setDeleting(false), remove.reset())}
        />
      )}
    </>
  );
}
