import { ROLE } from '../../core/access/permissions.js';
import { failure } from '../../core/testing/failure.js';
import { FakeDatabase } from '../../core/testing/fake-database.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { ACTOR } from '../../core/testing/principals.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import { FakeRoleReadModel } from '../roles/testing/role-read-model.fake.js';
import type { ProjectAccess } from './project-access.model.js';
import { ProjectAccessService } from './project-access.service.js';
import { FakeProjectAccessReadModel } from './testing/project-access-read-model.fake.js';
import { FakeProjectAccessStore } from './testing/project-access-store.fake.js';

const USER_1 = { kind: 'user', id: 1 } as const;
const GROUP_10 = { kind: 'group', id: 10 } as const;

function buildAccess() {
  const store = new FakeProjectAccessStore();
  const reads = new FakeProjectAccessReadModel(store);
  const db = new FakeDatabase();
  const { events, eventStore } = recordingEvents();
  const service = new ProjectAccessService(store, reads, new FakeRoleReadModel(), db.asDatabase(), events, new FixedClock());
  return { service, store, reads, db, recorded: eventStore.recorded };
}

describe('ProjectAccessService', () => {
  it('gives each role to each user and group once, in a transaction, with one event of the distinct ids', async () => {
    const { service, store, db, recorded } = buildAccess();
    await service.add('default', { roles: [ROLE.MEMBER, ROLE.MEMBER, ROLE.OWNER], users: [1, 1], groups: [10] }, ACTOR);
    expect(store.held('default')).toEqual(['user:1:5', 'user:1:4', 'group:10:5', 'group:10:4']);
    expect(store.assignments[0].createdBy).toBe('someone');
    expect(db.transactionsOpened).toBe(1);
    expect(recorded).toEqual([
      { type: 'project-access-added', actor: ACTOR, project: 'default', data: { roles: [5, 4], groups: [10], users: [1] } },
    ]);

    await service.add('default', { roles: [ROLE.MEMBER], users: [1] }, ACTOR);
    expect(store.held('default')).toHaveLength(4);
  });

  it('refuses a body naming no one, then an unknown project, then every unknown role, group and user by its index', async () => {
    const { service, store, recorded } = buildAccess();
    expect(await failure(service.add('default', { roles: [ROLE.MEMBER], users: [], groups: null }, ACTOR))).toMatchObject({
      name: 'ValidationError',
      details: [
        { path: '/body', message: 'The `/body` object must name at least one user (`users`) or group (`groups`) to give the roles to.' },
      ],
    });
    expect(await failure(service.add('nope', { roles: [ROLE.MEMBER], users: [1] }, ACTOR))).toMatchObject({
      name: 'NotFoundError',
      message: 'Could not find project nope',
    });
    const error = await failure(
      service.add('default', { roles: [ROLE.ADMIN, ROLE.MEMBER, ROLE.ADMIN], groups: [99], users: [1, 42] }, ACTOR),
    );
    expect(error.details).toEqual([
      {
        path: '/body/roles/0',
        message:
          'The `/body/roles/0` property must be the id of a project role (4 Owner, 5 Member, 6 Reader, or a custom project role). You sent 1.',
      },
      { path: '/body/groups/0', message: 'The `/body/groups/0` property must be the id of an existing group. You sent 99.' },
      {
        path: '/body/users/1',
        message: 'The `/body/users/1` property must be the id of an existing user or service account. You sent 42.',
      },
    ]);
    expect(store.assignments).toEqual([]);
    expect(recorded).toEqual([]);
  });

  it("replaces a holder's roles and records them before and after", async () => {
    const { service, store, recorded } = buildAccess();
    await service.add('default', { roles: [ROLE.MEMBER, ROLE.READER], groups: [10] }, ACTOR);
    await service.setRoles('default', GROUP_10, [ROLE.READER, ROLE.OWNER], ACTOR);
    expect(await store.roleIdsOf('default', GROUP_10)).toEqual([4, 6]);
    expect(recorded.at(-1)).toEqual({
      type: 'project-access-updated',
      actor: ACTOR,
      project: 'default',
      data: { groupId: 10, roles: [4, 6] },
      preData: { groupId: 10, roles: [5, 6] },
    });
    await service.add('default', { roles: [ROLE.MEMBER], users: [1] }, ACTOR);
    await service.setRoles('default', USER_1, [], ACTOR);
    expect(store.held('default')).toEqual(['group:10:6', 'group:10:4']);
  });

  it('answers 404 for the project, user or group of the URL, and 400 for a role that is not a project role', async () => {
    const { service } = buildAccess();
    expect((await failure(service.setRoles('nope', USER_1, [], ACTOR))).message).toBe('Could not find project nope');
    expect(await failure(service.setRoles('default', { kind: 'user', id: 9 }, [], ACTOR))).toMatchObject({
      name: 'NotFoundError',
      message: 'Could not find user with id 9.',
    });
    expect((await failure(service.remove('default', { kind: 'group', id: 9 }, undefined, ACTOR))).message).toBe(
      'Could not find group with id 9.',
    );
    expect((await failure(service.setRoles('default', USER_1, [ROLE.EDITOR], ACTOR))).details).toEqual([
      {
        path: '/body/roles/0',
        message:
          'The `/body/roles/0` property must be the id of a project role (4 Owner, 5 Member, 6 Reader, or a custom project role). You sent 2.',
      },
    ]);
  });

  it('keeps the last Owner of a project that has one, whether its roles are replaced or removed', async () => {
    const { service, recorded } = buildAccess();
    await service.add('default', { roles: [ROLE.OWNER], users: [1] }, ACTOR);
    const message =
      'A project must have at least one owner: this change would remove the last Owner of project default. Give the Owner role to another user or group first.';
    expect(await failure(service.setRoles('default', USER_1, [ROLE.MEMBER], ACTOR))).toMatchObject({
      name: 'ValidationError',
      details: [{ path: '/body/roles', message }],
    });
    // FakeDatabase does not roll back the refused change: the Owner role is given again.
    await service.add('default', { roles: [ROLE.OWNER], users: [1] }, ACTOR);
    expect((await failure(service.remove('default', USER_1, ROLE.OWNER, ACTOR))).details).toEqual([{ path: '/params/userId', message }]);
    expect(recorded.map((event) => event.type)).toEqual(['project-access-added', 'project-access-added']);
  });

  it('lets the Owner role go once a group holds it too', async () => {
    const { service, store } = buildAccess();
    await service.add('default', { roles: [ROLE.OWNER], users: [1], groups: [10] }, ACTOR);
    await service.remove('default', USER_1, undefined, ACTOR);
    expect(store.held('default')).toEqual(['group:10:4']);
  });

  it('removes one role or all of them with an event of what is left, and answers 404 when there is nothing to remove', async () => {
    const { service, store, recorded } = buildAccess();
    await service.add('default', { roles: [ROLE.MEMBER, ROLE.READER], users: [1] }, ACTOR);
    await service.remove('default', USER_1, ROLE.READER, ACTOR);
    expect(recorded.at(-1)).toEqual({
      type: 'project-access-removed',
      actor: ACTOR,
      project: 'default',
      data: { userId: 1, roles: [5] },
      preData: { userId: 1, roles: [5, 6] },
    });
    expect(await failure(service.remove('default', USER_1, ROLE.READER, ACTOR))).toMatchObject({
      name: 'NotFoundError',
      message: 'User 1 does not have role 6 in project default.',
    });
    await service.remove('default', USER_1, undefined, ACTOR);
    expect(store.held('default')).toEqual([]);
    expect((await failure(service.remove('default', GROUP_10, undefined, ACTOR))).message).toBe('Group 10 has no role in project default.');
  });

  it("lists a project's access, and answers 404 for an unknown project", async () => {
    const { service, reads } = buildAccess();
    const listing: ProjectAccess = {
      roles: [{ id: 4, name: 'Owner', description: 'd', type: 'project', project: null }],
      users: [],
      groups: [],
    };
    reads.listings.set('default', listing);
    expect(await service.access('default')).toBe(listing);
    expect((await failure(service.access('nope'))).message).toBe('Could not find project nope');
  });
});
