import type { ApiTokenPrincipal, Principal } from '../../core/access/principal.js';
import { AppError } from '../../core/errors/app-error.js';
import type { ApiTokenReferencesReadModel } from '../../core/access/api-token-references.read-model.js';
import { SdkScopeResolver } from './sdk-scope.resolver.js';

const references = {
  environmentExists: async (name: string) => ['development', 'production'].includes(name),
} as unknown as ApiTokenReferencesReadModel;
const resolver = new SdkScopeResolver(references);
const token = (partial: Partial<ApiTokenPrincipal>): Principal => ({
  kind: 'api-token',
  tokenId: 1,
  tokenName: 't',
  type: 'client',
  environment: 'production',
  projects: ['*'],
  ...partial,
});
const adminUser: Principal = { kind: 'user', id: 1, username: 'admin', email: null, name: null, isService: false, via: 'session' };

describe('SdkScopeResolver', () => {
  it('keeps a client token to its own environment and projects', async () => {
    expect(await resolver.resolve(token({ projects: ['a', 'b'] }), { environment: 'development' })).toEqual({
      environment: 'production',
      projects: ['a', 'b'],
    });
    expect(await resolver.resolve(token({ projects: ['a', 'b'] }), { projects: ['b', 'c'] })).toEqual({
      environment: 'production',
      projects: ['b'],
    });
    expect(await resolver.resolve(token({}), { projects: ['c'], namePrefix: 'x' })).toEqual({
      environment: 'production',
      projects: ['c'],
      namePrefix: 'x',
    });
    expect(await resolver.resolve(token({}), { projects: ['*'] })).toEqual({ environment: 'production', projects: 'all' });
  });

  it('lets admin tokens and users choose an existing environment, development by default', async () => {
    const admin = token({ type: 'admin', environment: '*' });
    expect(await resolver.resolve(admin, {})).toEqual({ environment: 'development', projects: 'all' });
    expect(await resolver.resolve(adminUser, { environment: 'production' })).toEqual({ environment: 'production', projects: 'all' });
    const error = await resolver.resolve(admin, { environment: 'qa' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).details).toEqual([{ path: '/query/environment', message: expect.stringContaining('"qa"') }]);
  });
});
