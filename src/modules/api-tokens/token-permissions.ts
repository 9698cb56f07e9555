import { type Grant, holds } from '../../core/access/access.read-model.js';
import type { Permission } from '../../core/access/permissions.js';
import type { ApiTokenType } from '../../core/access/principal.js';

export type TokenAction = 'CREATE' | 'READ' | 'UPDATE' | 'DELETE';

const ACTIONS: TokenAction[] = ['CREATE', 'READ', 'UPDATE', 'DELETE'];

/** The permission an action on a token of this type needs: admin tokens need ADMIN, others their own family. */
export function tokenPermission(action: TokenAction, type: ApiTokenType): Permission {
  if (type === 'admin') return 'ADMIN';
  return `${action}_${type === 'frontend' ? 'FRONTEND' : 'CLIENT'}_API_TOKEN`;
}

/** Every permission that lets a route act on some token type: the route-level list for an action. */
export function anyTokenPermission(...actions: TokenAction[]): [Permission, ...Permission[]] {
  return ['ADMIN', ...actions.flatMap((action) => [tokenPermission(action, 'client'), tokenPermission(action, 'frontend')])];
}

/** As in Unleash, whoever may create, read, update or delete tokens of a type may see them. */
export function maySee(grants: Grant[], type: ApiTokenType): boolean {
  return ACTIONS.some((action) => holds(grants, tokenPermission(action, type)));
}
