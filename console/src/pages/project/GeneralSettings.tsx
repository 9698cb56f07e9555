import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Form } from 'react-aria-components';
import { api, data } from '../../api/client';
import { usePermission, type Permission } from '../../app/permissions';
import { useNavigate } from 'react-router';
import { apiFieldErrors } from '../../ui/FormDialog';
import { GuardedButton } from '../../ui/GuardedButton';
import { TextInput } from '../../ui/TextInput';
import { TypedConfirmDialog } from '../../ui/TypedConfirmDialog';
import type { ProjectOverview } from './ProjectHeader';
import { SaveStatus } from '../../ui/SaveStatus';

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
  return (
    <>
      <section className="card" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>General</h2>
        <Form
          className="stack narrow-form"
          validationErrors={apiFieldErrors(save.error)}
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <TextInput label="Name" name="name" value={name} onChange={setName} isRequired />
          <TextInput label="Description" name="description" value={description} onChange={setDescription} />
          <SaveStatus save={save} />
          <div className="row">
            <GuardedButton permission={canUpdate} type="submit" className="button primary" isDisabled={save.isPending}>
              Save
            </GuardedButton>
          </div>
        </Form>
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
