import { testConfig } from '../../core/testing/config.js';
import { failure } from '../../core/testing/failure.js';
import { fakeDatabase } from '../../core/testing/fake-database.js';
import { ACTOR } from '../../core/testing/principals.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import { FakeRoleReadModel } from '../roles/testing/role-read-model.fake.js';
import { FakeUserStore } from '../users/testing/user-store.fake.js';
import { GroupService } from './group.service.js';
import { FakeGroupReadModel } from './testing/group-read-model.fake.js';
import { FakeGroupStore } from './testing/group-store.fake.js';

const member = (id: number) => ({ user: { id } });

function setup() {
  const accounts = new FakeUserStore();
  for (let i = 0; i < 3; i++) accounts.add();
  const store = new FakeGroupStore(accounts);
  const { events, eventStore } = recordingEvents();
  const config = testConfig({ basePath: '/flags' });
  const service = new GroupService(
    store,
    new FakeGroupReadModel(store, accounts),
    new FakeRoleReadModel(),
    fakeDatabase(),
    events,
    new FixedClock(),
    config,
  );
  return { service, store, recorded: eventStore.recorded };
}

describe('GroupService', () => {
  it('creates a group with its members (each once), a created event and one user-added event per member', async () => {
    const { service, recorded } = setup();
    const group = await service.create({ name: 'ops', rootRole: 2, users: [member(1), member(2), member(1)] }, ACTOR);
    expect(group).toMatchObject({ id: 1, name: 'ops', description: '', mappingsSSO: [], rootRole: 2, createdBy: 'someone', userCount: 2 });
    expect(group.users.map((user) => user.user.id)).toEqual([1, 2]);
    expect(recorded.map((event) => [event.type, event.data])).toEqual([
      ['group-created', { id: 1, name: 'ops', description: '', mappingsSSO: [], rootRole: 2, users: [1, 2] }],
      ['group-user-added', { groupId: 1, groupName: 'ops', userId: 1 }],
      ['group-user-added', { groupId: 1, groupName: 'ops', userId: 2 }],
    ]);
    expect(service.locationOf(1)).toBe('/flags/api/admin/groups/1');
  });

  it('reports a project role as root role and unknown accounts together (each unknown id once), then a taken name', async () => {
    const { service } = setup();
    const error = await failure(service.create({ name: 'x', rootRole: 4, users: [member(9), member(1), member(9)] }, ACTOR));
    expect(error.details).toEqual([
      {
        path: '/body/rootRole',
        message:
          'The `/body/rootRole` property must be the id of a root role (1 Admin, 2 Editor, 3 Viewer, or a custom root role): incorrect role id 4.',
      },
      {
        path: '/body/users/0/user/id',
        message: 'The `/body/users/0/user/id` property must be the id of an existing user or service account. You sent 9.',
      },
    ]);
    await service.create({ name: 'ops' }, ACTOR);
    expect(await failure(service.create({ name: 'ops' }, ACTOR))).toMatchObject({
      name: 'NameExistsError',
      message: 'Group name already exists',
    });
  });

  it('replaces the members when users are given, recording who left and who joined', async () => {
    const { service, recorded } = setup();
    await service.create({ name: 'ops', users: [member(1), member(2)] }, ACTOR);
    const updated = await service.update(1, { name: 'ops', description: 'd', users: [member(2), member(3)] }, ACTOR);
    expect(updated.users.map((user) => user.user.id)).toEqual([2, 3]);
    expect(recorded.slice(3).map((event) => [event.type, (event.data as { userId?: number }).userId])).toEqual([
      ['group-updated', undefined],
      ['group-user-removed', 1],
      ['group-user-added', 3],
    ]);
    await service.update(1, { name: 'ops', description: 'd' }, ACTOR);
    expect((await service.get(1)).userCount).toBe(2);
  });

  it('removes one member, and answers 404 for a non-member and an unknown group', async () => {
    const { service } = setup();
    await service.create({ name: 'ops', users: [member(1)] }, ACTOR);
    await service.removeUser(1, 1, ACTOR);
    expect((await failure(service.removeUser(1, 1, ACTOR))).message).toBe('User 1 is not a member of group 1.');
    expect((await failure(service.delete(5, ACTOR))).message).toBe('Could not find group with id 5.');
    expect((await failure(service.addUsers(1, [member(7)], ACTOR))).details?.[0].path).toBe('/body/users/0/user/id');
  });

  it('syncs SSO membership: joins the mapped groups, leaves the ones sync had given, keeps what an admin gave', async () => {
    const { service, recorded } = setup();
    const admins = await service.create({ name: 'admins', mappingsSSO: ['idp-admins'] }, ACTOR);
    const staff = await service.create({ name: 'staff', mappingsSSO: ['idp-staff', 'idp-all'] }, ACTOR);
    const byHand = await service.create({ name: 'by hand', mappingsSSO: ['idp-other'], users: [member(1)] }, ACTOR);
    recorded.length = 0;
    expect(await service.syncSsoMembership(1, ['idp-admins', 'idp-all', 'unmapped'], ACTOR)).toEqual({
      joined: ['admins', 'staff'],
      left: [],
    });
    expect((await service.get(admins.id)).users).toEqual([expect.objectContaining({ createdBy: 'SSO' })]);
    expect(await service.syncSsoMembership(1, ['idp-all'], ACTOR)).toEqual({ joined: [], left: ['admins'] });
    expect(await service.syncSsoMembership(1, [], ACTOR)).toEqual({ joined: [], left: ['staff'] });
    expect((await service.get(byHand.id)).users.map((user) => user.user.id)).toEqual([1]);
    expect(recorded.map((event) => [event.type, event.data])).toEqual([
      ['group-user-added', { groupId: admins.id, groupName: 'admins', userId: 1 }],
      ['group-user-added', { groupId: staff.id, groupName: 'staff', userId: 1 }],
      ['group-user-removed', { groupId: admins.id, groupName: 'admins', userId: 1 }],
      ['group-user-removed', { groupId: staff.id, groupName: 'staff', userId: 1 }],
    ]);
  });
});
