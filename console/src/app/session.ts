import { useQuery } from '@tanstack/react-query';
import { api, data } from '../api/client';

/** The signed-in person and their permissions; a 401 here means the console shows the login page. */
export function useMe() {
  return useQuery({ queryKey: ['me'], queryFn: () => data(api.GET('/api/admin/user')), refetchInterval: false, retry: false });
}
