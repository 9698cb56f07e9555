import { checkRolePermissions, sortPermissions } from './role-permissions.js';

const environments = new Set(['development', 'production']);

describe('checkRolePermissions', () => {
  it('accepts root permissions for a custom root role', () => {
    expect(
      checkRolePermissions('root-custom', [{ name: 'READ_ROLE' }, { name: 'CREATE_PROJECT', environment: null }], environments),
    ).toEqual({
      permissions: [{ name: 'CREATE_PROJECT' }, { name: 'READ_ROLE' }],
      problems: [],
    });
  });

  it('accepts project permissions and environment permissions per existing environment for a project role, dropping repeats', () => {
    const result = checkRolePermissions(
      'custom',
      [
        { name: 'UPDATE_FEATURE_STRATEGY', environment: 'production' },
        { name: 'CREATE_FEATURE' },
        { name: 'UPDATE_FEATURE_STRATEGY', environment: 'production' },
        { name: 'UPDATE_FEATURE_STRATEGY', environment: 'development' },
        { name: 'CREATE_FEATURE', environment: '' },
      ],
      environments,
    );
    expect(result).toEqual({
      permissions: [
        { name: 'CREATE_FEATURE' },
        { name: 'UPDATE_FEATURE_STRATEGY', environment: 'development' },
        { name: 'UPDATE_FEATURE_STRATEGY', environment: 'production' },
      ],
      problems: [],
    });
  });

  it('reports each problem once, at the pointer of the offending property', () => {
    const { problems } = checkRolePermissions(
      'custom',
      [
        { name: 'NOPE' },
        { name: 'READ_ROLE' },
        { name: 'DELETE_FEATURE_STRATEGY' },
        { name: 'DELETE_FEATURE_STRATEGY', environment: 'qa' },
        { name: 'UPDATE_PROJECT', environment: 'production' },
        { name: 'ADMIN' },
      ],
      environments,
    );
    expect(problems.map((p) => p.path)).toEqual([
      '/body/permissions/0/name',
      '/body/permissions/1/name',
      '/body/permissions/2/environment',
      '/body/permissions/3/environment',
      '/body/permissions/4/environment',
      '/body/permissions/5/name',
    ]);
    expect(problems[1].message).toBe(
      'The `/body/permissions/1/name` property names READ_ROLE, a root permission, but a custom project role (type custom) holds project and environment permissions only.',
    );
  });

  it('refuses project and environment permissions in a custom root role', () => {
    const { problems } = checkRolePermissions(
      'root-custom',
      [{ name: 'UPDATE_FEATURE' }, { name: 'UPDATE_FEATURE_STRATEGY', environment: 'production' }],
      environments,
    );
    expect(problems.map((p) => p.message)).toEqual([
      'The `/body/permissions/0/name` property names UPDATE_FEATURE, a project permission, but a custom root role (type root-custom) holds root permissions only.',
      'The `/body/permissions/1/name` property names UPDATE_FEATURE_STRATEGY, an environment permission, but a custom root role (type root-custom) holds root permissions only.',
    ]);
  });
});

describe('sortPermissions', () => {
  it('orders by name, grants for every environment first, then by environment', () => {
    expect(sortPermissions([{ name: 'B' }, { name: 'A', environment: 'z' }, { name: 'A' }, { name: 'A', environment: 'b' }])).toEqual([
      { name: 'A' },
      { name: 'A', environment: 'b' },
      { name: 'A', environment: 'z' },
      { name: 'B' },
    ]);
  });
});
