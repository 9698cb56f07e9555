import { ROLE } from '../../core/access/permissions.js';
import { failure } from '../../core/testing/failure.js';
import { fakeDatabase } from '../../core/testing/fake-database.js';
import { ACTOR } from '../../core/testing/principals.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import { RoleService } from './role.service.js';
import { FakeRoleReadModel } from './testing/role-read-model.fake.js';
import { FakeRoleStore } from './testing/role-store.fake.js';

function setup() {
  const store = new FakeRoleStore();
  const roles = new FakeRoleReadModel(store);
  const { events, eventStore } = recordingEvents();
  return { service: new RoleService(store, roles, fakeDatabase(), events, new FixedClock()), store, roles, recorded: eventStore.recorded };
}

const projectRole = {
  name: 'Deployer',
  permissions: [{ name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'production' }, { name: 'CREATE_FEATURE' }],
};

describe('RoleService', () => {
  it('creates a custom project role with its permissions sorted, an empty description by default, and an event', async () => {
    const { service, store, recorded } = setup();
    const role = await service.create(projectRole, ACTOR);
    expect(role).toEqual({
      id: 7,
      name: 'Deployer',
      description: '',
      type: 'custom',
      project: null,
      permissions: [{ name: 'CREATE_FEATURE' }, { name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'production' }],
    });
    expect(store.rows.at(-1)!.permissions).toEqual(role.permissions);
    expect(recorded).toEqual([{ type: 'role-created', actor: ACTOR, data: role }]);
  });

  it('refuses permissions of the wrong scope or an unknown environment, and a taken name', async () => {
    const { service } = setup();
    const error = await failure(
      service.create({ name: 'x', type: 'root-custom', permissions: [{ name: 'CREATE_FEATURE' }, { name: 'NOPE' }] }, ACTOR),
    );
    expect(error.details?.map((detail) => detail.path)).toEqual(['/body/permissions/0/name', '/body/permissions/1/name']);
    const environment = await failure(
      service.create({ name: 'x', permissions: [{ name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'qa' }] }, ACTOR),
    );
    expect(environment.name).toBe('ValidationError');
    expect(await failure(service.create({ name: 'Owner' }, ACTOR))).toMatchObject({
      name: 'NameExistsError',
      message: 'There already exists a role with the name Owner.',
    });
  });

  it('never changes or deletes a built-in role, and answers 404 for an unknown id', async () => {
    const { service } = setup();
    expect((await failure(service.update(ROLE.OWNER, { name: 'Boss' }, ACTOR))).details).toEqual([
      { path: '/params/id', message: 'The role Owner (id 4) is built in and cannot be changed.' },
    ]);
    expect((await failure(service.delete(ROLE.ADMIN, ACTOR))).message).toBe('The role Admin (id 1) is built in and cannot be removed.');
    expect((await failure(service.delete(99, ACTOR))).message).toBe('Could not find role with id 99.');
  });

  it('updates name and description, keeps the type, and keeps the permissions unless given', async () => {
    const { service, recorded } = setup();
    const { id } = await service.create({ ...projectRole, description: 'd' }, ACTOR);
    expect((await failure(service.update(id, { name: 'x', type: 'root-custom' }, ACTOR))).details?.[0].message).toBe(
      'The `/body/type` property cannot change: role 7 is of type custom. You sent "root-custom".',
    );
    const after = await service.update(id, { name: 'Shipper' }, ACTOR);
    expect(after).toMatchObject({
      name: 'Shipper',
      description: 'd',
      type: 'custom',
      permissions: [{ name: 'CREATE_FEATURE' }, expect.anything()],
    });
    expect(recorded.at(-1)).toMatchObject({ type: 'role-updated', data: { name: 'Shipper' }, preData: { name: 'Deployer' } });
  });

  it('refuses to delete a role in use, naming ten holders and counting the rest', async () => {
    const { service, roles, store } = setup();
    const { id } = await service.create(projectRole, ACTOR);
    const users = Array.from({ length: 10 }, (_, i) => `u${i}`);
    roles.usageByRole.set(id, { users, userCount: 12, groups: ['ops'], groupCount: 1 });
    expect((await failure(service.delete(id, ACTOR))).message).toBe(
      `Role is in use by users: ${users.join(', ')} and 2 more; groups: ops. Remove the role from them before deleting it.`,
    );
    roles.usageByRole.clear();
    await service.delete(id, ACTOR);
    expect(store.rows.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('offers every permission but ADMIN in the catalogue, environment permissions once per environment', async () => {
    const { service } = setup();
    const catalogue = await service.catalogue();
    expect(catalogue.root.map((permission) => permission.name)).not.toContain('ADMIN');
    expect(catalogue.environments.map((environment) => environment.name)).toEqual(['development', 'production']);
    expect(catalogue.environments[1].permissions[0]).toEqual({ name: expect.any(String), type: 'environment', environment: 'production' });
  });
});
