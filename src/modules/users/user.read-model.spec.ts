import { imageUrlFor } from './image-url.js';
import { toUserSchema, userColumns } from './user.read-model.js';

const sqliteRow = {
  id: 3,
  name: null,
  username: 'ada',
  email: null,
  image_url: null,
  login_attempts: 2,
  email_sent: 0,
  root_role_id: 2,
  is_service: 0,
  scim_id: null,
  seen_at: null,
  created_at: '2026-01-02 03:04:05.678',
};

describe('toUserSchema', () => {
  it('maps a SQLite row to the spec shape: nullable name/username present, email left out when missing', () => {
    expect(toUserSchema(sqliteRow)).toEqual({
      id: 3,
      name: null,
      username: 'ada',
      imageUrl: imageUrlFor({ id: 3, username: 'ada' }),
      loginAttempts: 2,
      emailSent: false,
      rootRole: 2,
      seenAt: null,
      createdAt: '2026-01-02T03:04:05.678Z',
      accountType: 'User',
      isAPI: false,
      permissions: [],
      scimId: null,
    });
  });

  it('maps a PostgreSQL row (Dates, booleans, string counts) and service accounts', () => {
    const user = toUserSchema({
      ...sqliteRow,
      id: '9',
      email: 'bot@example.com',
      login_attempts: '0',
      email_sent: true,
      is_service: true,
      root_role_id: '3',
      seen_at: new Date('2026-02-01T00:00:00Z'),
      created_at: new Date('2026-01-01T00:00:00Z'),
      scim_id: 'scim-1',
    });
    expect(user).toMatchObject({
      id: 9,
      email: 'bot@example.com',
      emailSent: true,
      rootRole: 3,
      accountType: 'Service Account',
      scimId: 'scim-1',
      seenAt: '2026-02-01T00:00:00.000Z',
    });
    expect(user.imageUrl).toBe(imageUrlFor({ id: 9, email: 'bot@example.com' }));
  });

  it('reads prefixed columns, for queries that join users to other rows', () => {
    expect(userColumns('u', 'user_')).toBe(
      'u.id AS user_id, u.name AS user_name, u.username AS user_username, u.email AS user_email, u.image_url AS user_image_url, ' +
        'u.login_attempts AS user_login_attempts, u.email_sent AS user_email_sent, u.root_role_id AS user_root_role_id, ' +
        'u.is_service AS user_is_service, u.scim_id AS user_scim_id, u.seen_at AS user_seen_at, u.created_at AS user_created_at',
    );
    const prefixed = Object.fromEntries(Object.entries(sqliteRow).map(([key, value]) => [`user_${key}`, value]));
    expect(toUserSchema({ ...prefixed, id: 'group-row' }, 'user_')).toEqual(toUserSchema(sqliteRow));
  });
});
