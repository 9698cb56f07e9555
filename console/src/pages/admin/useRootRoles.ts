import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client';

/** The root roles a user, service account or group can hold, for pick lists and for naming a role id. */
export function useRootRoles() {
  const roles = useQuery({ queryKey: ['roles'], queryFn: () => data(api.GET('/api/admin/roles')) });
  const rootRoles = (roles.data?.roles ?? []).filter((role) => role.type === 'root' || role.type === 'root-custom');
  const nameOf = (id: number | null | undefined) => rootRoles.find((role) => role.id === id)?.name ?? '—';
  return { rootRoles, nameOf };
}
