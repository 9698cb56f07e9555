import type { Grant } from '../../core/access/access.read-model.js';
import { anyTokenPermission, maySee, tokenPermission } from './token-permissions.js';

const grant = (permission: string): Grant => ({ permission, project: null, environment: null });

describe('token permissions', () => {
  it('maps an action on a token type to its permission', () => {
    expect(tokenPermission('CREATE', 'client')).toBe('CREATE_CLIENT_API_TOKEN');
    expect(tokenPermission('UPDATE', 'backend')).toBe('UPDATE_CLIENT_API_TOKEN');
    expect(tokenPermission('DELETE', 'frontend')).toBe('DELETE_FRONTEND_API_TOKEN');
    expect(tokenPermission('READ', 'admin')).toBe('ADMIN');
  });

  it('lists what a route admits for its actions', () => {
    expect(anyTokenPermission('CREATE')).toEqual(['ADMIN', 'CREATE_CLIENT_API_TOKEN', 'CREATE_FRONTEND_API_TOKEN']);
  });

  it('lets any permission of a token family see tokens of that family, and ADMIN see all', () => {
    expect(maySee([grant('DELETE_FRONTEND_API_TOKEN')], 'frontend')).toBe(true);
    expect(maySee([grant('DELETE_FRONTEND_API_TOKEN')], 'client')).toBe(false);
    expect(maySee([grant('READ_CLIENT_API_TOKEN')], 'backend')).toBe(true);
    expect(maySee([grant('READ_CLIENT_API_TOKEN')], 'admin')).toBe(false);
    expect(maySee([grant('ADMIN')], 'admin')).toBe(true);
    expect(maySee([], 'client')).toBe(false);
  });
});
