import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Form, Link } from 'react-aria-components';
import { api, data } from '../api/client';
import { usePermission } from '../app/permissions';
import { GuardedButton } from '../ui/GuardedButton';
import { apiFieldErrors } from '../ui/FormDialog';
import { ResourcePage, useResource } from '../ui/ResourcePage';
import { TextInput } from '../ui/TextInput';

/** Projects: the list (with each one's flags and members) and a form to create one. */
export default function ProjectsPage() {
  const id = useId();
  const projects = useResource({
    queryKey: 'projects',
    load: () => data(api.GET('/api/admin/projects')),
    rows: (answer) => answer.projects,
  });
  const canCreate = usePermission('CREATE_PROJECT');
  const [name, setName] = useState('');
  const [projectId, setProjectId] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: () =>
      data(api.POST('/api/admin/projects', { body: { name, id: projectId || undefined, description: description || null } })),
    onSuccess: () => {
      setName('');
      setProjectId('');
      setDescription('');
      void projects.refresh();
    },
  });
  return (
    <ResourcePage
      title="Projects"
      list={projects.list}
      rowKey={(project) => project.id}
      columns={[
        {
          header: 'Name',
          cell: (project) => (
            <>
              <Link href={`/projects/${encodeURIComponent(project.id)}`}>{project.name}</Link>
              {project.description && <div className="muted small">{project.description}</div>}
            </>
          ),
        },
        { header: 'Id', cell: (project) => project.id },
        { header: 'Flags', cell: (project) => project.featureCount },
        { header: 'Members', cell: (project) => project.memberCount },
        { header: 'Created', cell: (project) => new Date(project.createdAt).toLocaleDateString() },
      ]}
    >
      <section className="card" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>Create a project</h2>
        <Form
          className="stack narrow-form"
          validationErrors={apiFieldErrors(create.error)}
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate();
          }}
        >
          <TextInput label="Name" name="name" value={name} onChange={setName} isRequired />
          <TextInput label="Id (made from the name when empty)" name="id" value={projectId} onChange={setProjectId} />
          <TextInput label="Description" name="description" value={description} onChange={setDescription} />
          {create.error && (
            <p role="alert" className="notice error">
              {create.error.message}
            </p>
          )}
          <GuardedButton permission={canCreate} type="submit" className="button primary" isDisabled={create.isPending}>
            Create project
          </GuardedButton>
        </Form>
      </section>
    </ResourcePage>
  );
}
