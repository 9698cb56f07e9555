import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from 'react-aria-components';
import { api, data } from '../../api/client';

/** The signed-in person's active sessions (the profile page's part): where and when each started, ending the others. */
export function SessionsList() {
  const id = useId();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: ['my-sessions'], queryFn: () => data(api.GET('/api/admin/user/sessions')) });
  const end = useMutation({
    mutationFn: (sessionId: string) => data(api.DELETE('/api/admin/user/sessions/{sessionId}', { params: { path: { sessionId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['my-sessions'] }),
  });
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Sessions</h2>
      <p className="muted">Where you are signed in. Ending a session signs that browser out at once.</p>
      {(end.error ?? sessions.error) && (
        <p role="alert" className="notice error">
          {(end.error ?? sessions.error)?.message}
        </p>
      )}
      <table className="table" aria-label="Sessions">
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Last seen</th>
            <th scope="col">Address</th>
            <th scope="col">Browser</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.data?.sessions.map((session) => (
            <tr key={session.id}>
              <td>{new Date(session.createdAt).toLocaleString()}</td>
              <td>{session.lastSeenAt ? new Date(session.lastSeenAt).toLocaleString() : 'not since'}</td>
              <td>{session.address ?? 'unknown'}</td>
              <td>{session.userAgent ?? 'unknown'}</td>
              <td>
                {session.current ? (
                  <strong>This session</strong>
                ) : (
                  <Button
                    className="button quiet danger"
                    onPress={() => end.mutate(session.id)}
                    isDisabled={end.isPending}
                    aria-label={`End the session started ${new Date(session.createdAt).toLocaleString()} from ${session.address ?? 'an unknown address'}`}
                  >
                    End
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
