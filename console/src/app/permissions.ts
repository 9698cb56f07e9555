import { useMe } from './session';

/** What the signed-in person may do, as the API reported it: the API stays the authority, this only disables. */
export interface Permission {
  allowed: boolean;
  /** Why not, for the disabled control's description. */
  reason?: string;
}

/** Whether the signed-in person holds `permission` (root-wide, or in the project / environment given). */
export function usePermission(permission: string, scope: { project?: string; environment?: string } = {}): Permission {
  return usePermissions()(permission, scope);
}

/** `usePermission` for many scopes at once (a table's rows), as a function of the permission and its scope. */
export function usePermissions(): (permission: string, scope?: { project?: string; environment?: string }) => Permission {
  const me = useMe();
  const held = me.data?.permissions ?? [];
  return (permission, scope = {}) => {
    const allowed = held.some(
      (entry) =>
        entry.permission === 'ADMIN' ||
        (entry.permission === permission &&
          (entry.project === undefined || entry.project === scope.project) &&
          (entry.environment === undefined || entry.environment === scope.environment)),
    );
    return allowed ? { allowed } : { allowed, reason: `Needs the ${permission} permission` };
  };
}
