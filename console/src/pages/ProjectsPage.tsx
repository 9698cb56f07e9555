import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { api, ApiError, data } from '../api/client';

/** Projects: the list (with each one's flags and members) and a form to create one. */
export default function ProjectsPage() {
  const id = useId();
  const queryClient = useQueryClient();
  const projects = useQuery({ queryKey: ['projects'], queryFn: () => data(api.GET('/api/admin/projects')) });
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
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
  const problem = (property: string) => (create.error instanceof ApiError ? create.error.detailFor(`/body/${property}`) : undefined);
  return (
    <section className="page" aria-labelledby="projects-heading">
      <h1 id="projects-heading">Projects</h1>
      <table className="table" aria-label="Projects">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Id</th>
            <th scope="col">Flags</th>
            <th scope="col">Members</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {projects.data?.projects.map((project) => (
            <tr key={project.id}>
              <td>
                <Link href={`/?project=${encodeURIComponent(`IS:${project.id}`)}`}>{project.name}</Link>
                {project.description && <div className="muted small">{project.description}</div>}
              </td>
              <td>{project.id}</td>
              <td>{project.featureCount}</td>
              <td>{project.memberCount}</td>
              <td>{new Date(project.createdAt).toLocaleDateString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="card" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>Create a project</h2>
        <form
          className="stack narrow-form"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} required />
            {problem('name') && <span className="field-error">{problem('name')}</span>}
          </div>
          <div className="field">
            <label htmlFor={`${id}-id`}>Id (made from the name when empty)</label>
            <input id={`${id}-id`} value={projectId} onChange={(event) => setProjectId(event.target.value)} />
            {problem('id') && <span className="field-error">{problem('id')}</span>}
          </div>
          <div className="field">
            <label htmlFor={`${id}-description`}>Description</label>
            <input id={`${id}-description`} value={description} onChange={(event) => setDescription(event.target.value)} />
          </div>
          {create.error && !problem('name') && !problem('id') && (
            <p role="alert" className="notice error">
              {create.error.message}
            </p>
          )}
          <Button type="submit" className="button primary" isDisabled={create.isPending}>
            Create project
          </Button>
        </form>
      </section>
    </section>
  );
}
