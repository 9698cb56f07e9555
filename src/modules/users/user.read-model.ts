import { Injectable } from '@nestjs/common';
import { Database, toBool, toIso } from '../../core/database/database.js';
import { imageUrlFor } from './image-url.js';
import type { LoginCredentials, RootRoleJson, UserJson } from './user.model.js';

/** The columns `toUserSchema` reads, as stored in `users`. */
export interface UserRow {
  id: number | string;
  name: string | null;
  username: string | null;
  email: string | null;
  image_url: string | null;
  login_attempts: number | string;
  email_sent: unknown;
  root_role_id: number | string;
  is_service: unknown;
  scim_id: string | null;
  seen_at: unknown;
  created_at: unknown;
}

const COLUMNS = [
  'id',
  'name',
  'username',
  'email',
  'image_url',
  'login_attempts',
  'email_sent',
  'root_role_id',
  'is_service',
  'scim_id',
  'seen_at',
  'created_at',
] as const;

/**
 * The select list for `toUserSchema`, e.g. `userColumns('u')` → `u.id, u.name, …`. With a prefix the columns are
 * aliased `<prefix>id, <prefix>name, …`, so a query can read users next to other rows; pass the same prefix to
 * `toUserSchema`.
 */
export function userColumns(alias?: string, prefix = ''): string {
  return COLUMNS.map((column) => `${alias ? `${alias}.` : ''}${column}${prefix ? ` AS ${prefix}${column}` : ''}`).join(', ');
}

/** A `flagwright_users` row (or a row with the columns selected by `userColumns(alias, prefix)`) as the spec's `userSchema`. */
export function toUserSchema(row: object, prefix = ''): UserJson {
  const get = (column: (typeof COLUMNS)[number]) => (row as Record<string, unknown>)[`${prefix}${column}`];
  const id = Number(get('id'));
  const email = (get('email') as string | null) ?? null;
  const username = (get('username') as string | null) ?? null;
  return {
    id,
    name: (get('name') as string | null) ?? null,
    ...(email ? { email } : {}),
    username,
    imageUrl: (get('image_url') as string | null) || imageUrlFor({ id, email, username }),
    loginAttempts: Number(get('login_attempts') ?? 0),
    emailSent: toBool(get('email_sent')),
    rootRole: Number(get('root_role_id')),
    seenAt: toIso(get('seen_at')),
    createdAt: toIso(get('created_at'))!,
    accountType: toBool(get('is_service')) ? 'Service Account' : 'User',
    isAPI: false,
    permissions: [],
    scimId: (get('scim_id') as string | null) ?? null,
  };
}

/**
 * Questions about accounts that other modules ask (login, groups, service accounts, search), answered without
 * exposing the users store. People are accounts that are not service accounts.
 */
@Injectable()
export class UserReadModel {
  constructor(private readonly db: Database) {}

  /** A person (not a service account) by id. */
  async person(id: number): Promise<UserJson | undefined> {
    const row = await this.db.one<UserRow>(`SELECT ${userColumns()} FROM flagwright_users WHERE id = :id AND is_service = false`, { id });
    return row && toUserSchema(row);
  }

  /** The person with this email (stored trimmed and lower-case), if any. */
  async personWithEmail(email: string): Promise<UserJson | undefined> {
    const row = await this.db.one<UserRow>(`SELECT ${userColumns()} FROM flagwright_users WHERE email = :email AND is_service = false`, {
      email,
    });
    return row && toUserSchema(row);
  }

  /** Any account, person or service account, by id. */
  async account(id: number): Promise<UserJson | undefined> {
    const row = await this.db.one<UserRow>(`SELECT ${userColumns()} FROM flagwright_users WHERE id = :id`, { id });
    return row && toUserSchema(row);
  }

  /** Accounts by id, in one query; ids that do not exist are simply missing from the map. */
  async accounts(ids: number[]): Promise<Map<number, UserJson>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.query<UserRow>(`SELECT ${userColumns()} FROM flagwright_users WHERE id IN (:...ids)`, {
      ids: [...new Set(ids)],
    });
    return new Map(
      rows.map((row) => {
        const user = toUserSchema(row);
        return [user.id, user];
      }),
    );
  }

  /** Every person, oldest first. */
  async people(): Promise<UserJson[]> {
    const rows = await this.db.query<UserRow>(`SELECT ${userColumns()} FROM flagwright_users WHERE is_service = false ORDER BY id`);
    return rows.map((row) => toUserSchema(row));
  }

  async rootRoles(): Promise<RootRoleJson[]> {
    const rows = await this.db.query<{ id: number | string; name: string; description: string | null; type: RootRoleJson['type'] }>(
      `SELECT id, name, description, type FROM flagwright_roles WHERE type IN ('root', 'root-custom') ORDER BY id`,
    );
    return rows.map((row) => ({ id: Number(row.id), name: row.name, description: row.description, type: row.type }));
  }

  /** The id of the root role (built-in or custom) named by id or by name, if there is one. */
  async rootRoleId(reference: number | string): Promise<number | undefined> {
    const row =
      typeof reference === 'number'
        ? await this.db.one<{ id: number | string }>(
            `SELECT id FROM flagwright_roles WHERE id = :reference AND type IN ('root', 'root-custom')`,
            {
              reference,
            },
          )
        : await this.db.one<{ id: number | string }>(
            `SELECT id FROM flagwright_roles WHERE name = :reference AND type IN ('root', 'root-custom')`,
            {
              reference,
            },
          );
    return row ? Number(row.id) : undefined;
  }

  /**
   * The account a login name designates: the username exactly, or the email (stored lower-case) ignoring case.
   * Should a username equal another account's email, a name with `@` prefers the email, any other the username.
   */
  async credentialsFor(loginName: string): Promise<LoginCredentials | undefined> {
    const email = loginName.toLowerCase();
    const rows = await this.db.query<{
      id: number | string;
      username: string | null;
      email: string | null;
      password_hash: string | null;
      is_service: unknown;
    }>('SELECT id, username, email, password_hash, is_service FROM flagwright_users WHERE username = :loginName OR email = :email', {
      loginName,
      email,
    });
    const byEmail = rows.find((row) => row.email === email);
    const byUsername = rows.find((row) => row.username === loginName);
    const row = loginName.includes('@') ? (byEmail ?? byUsername) : (byUsername ?? byEmail);
    return row && { id: Number(row.id), passwordHash: row.password_hash, isService: toBool(row.is_service) };
  }

  /** The stored password hash of an account, to confirm an old password. */
  async passwordHashOf(id: number): Promise<string | null> {
    const row = await this.db.one<{ password_hash: string | null }>('SELECT password_hash FROM flagwright_users WHERE id = :id', { id });
    return row?.password_hash ?? null;
  }
}
