import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import supertest from 'supertest';
import { DataSource } from 'typeorm';
import { inject } from 'vitest';
import { Clock } from '../../src/core/clock.js';
import { Database } from '../../src/core/database/database.js';
import { flagwrightEntities } from '../../src/entities.js';
import { SessionService } from '../../src/modules/sessions/session.service.js';
import { AppModule } from '../../src/standalone/app.module.js';
import { configureStandaloneApp } from '../../src/standalone/configure-app.js';
import { dataSourceOptions } from '../../src/standalone/data-source-options.js';
import { readEnvironment, type StandaloneEnvironment } from '../../src/standalone/environment.js';
import { PinoNestLogger } from '../../src/standalone/nest-logger.js';
import { adminUrl, databaseUrlFor, postgresRequested } from './database.js';

export const ADMIN_TOKEN = '*:*.test-admin-secret-0123456789abcdef';
export const CLIENT_TOKEN = 'default:development.test-client-secret-0123456789abcdef';
export const FRONTEND_TOKEN = 'default:development.test-frontend-secret-0123456789abcdef';

/** A clock the test moves by hand: token expiry, lockouts, sessions. */
export class TestClock extends Clock {
  private offsetMs = 0;
  override now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface TestApp {
  app: INestApplication;
  /** A fresh supertest client for the running app. */
  http: () => ReturnType<typeof supertest>;
  clock: TestClock;
  db: Database;
  env: StandaloneEnvironment;
  /** Where this app's database lives, to start a second app on it. */
  database: { url?: string; file: string };
  close: () => Promise<void>;
}

const SQLITE_DIR = join(process.cwd(), '.vitest-tmp');

/**
 * A fresh database of the kind the suite runs on: a SQLite file, or a PostgreSQL clone of the migrated template
 * (with `empty`, a PostgreSQL database without any table).
 */
export async function createTestDatabase({ empty = false } = {}): Promise<{ url?: string; file: string; drop: () => Promise<void> }> {
  const name = `flagwright_t_${randomBytes(6).toString('hex')}`;
  if (!postgresRequested()) {
    mkdirSync(SQLITE_DIR, { recursive: true });
    const file = join(SQLITE_DIR, `${name}.sqlite`);
    return { file, drop: async () => ['', '-wal', '-shm'].forEach((suffix) => rmSync(`${file}${suffix}`, { force: true })) };
  }
  const admin = new DataSource({ type: 'postgres', url: adminUrl() });
  await admin.initialize();
  await admin.query(empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  return {
    url: databaseUrlFor(name),
    file: '',
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}

/** Our `Database` on a fresh, migrated test database, for tests of the data layer beneath the HTTP app. */
export async function createTestDataLayer(): Promise<{ dataSource: DataSource; db: Database; close: () => Promise<void> }> {
  const database = await createTestDatabase();
  const dataSource = new DataSource(dataSourceOptions({ databaseUrl: database.url, databaseFile: database.file }));
  await dataSource.initialize();
  // A PostgreSQL test database is a clone of the migrated template; a SQLite file starts empty.
  if (!database.url) await dataSource.runMigrations({ transaction: 'each' });
  const close = async () => {
    // A test may have closed the connection itself (to see what closing does).
    if (dataSource.isInitialized) await dataSource.destroy();
    await database.drop();
  };
  return { dataSource, db: new Database(dataSource), close };
}

/**
 * The standalone app, as `npm start` builds it, on its own database. Logs are off unless `capturedLogs` is given:
 * then every line (at `overrides.logLevel`, by default debug) is pushed to it, Nest's own messages included.
 */
export async function createTestApp(
  overrides: Partial<StandaloneEnvironment> = {},
  existing?: { url?: string; file: string },
  capturedLogs?: string[],
): Promise<TestApp> {
  const database = existing ? { ...existing, drop: async () => undefined } : await createTestDatabase();
  const env: StandaloneEnvironment = {
    ...readEnvironment({}),
    logLevel: capturedLogs ? 'debug' : 'silent',
    sessionSecret: 'test-session-secret-0123456789',
    sessionSecretGenerated: false,
    databaseUrl: database.url,
    databaseFile: database.file,
    initAdminApiTokens: [ADMIN_TOKEN],
    initClientApiTokens: [CLIENT_TOKEN],
    initFrontendApiTokens: [FRONTEND_TOKEN],
    ...overrides,
  };
  const clock = new TestClock();
  const logDestination = capturedLogs && { write: (line: string) => void capturedLogs.push(line) };
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.register(env, logDestination)] })
    .overrideProvider(Clock)
    .useValue(clock)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({
    bodyParser: false,
    logger: false,
    bufferLogs: Boolean(capturedLogs),
  });
  if (capturedLogs) app.useLogger(app.get(PinoNestLogger));
  configureStandaloneApp(app, env.baseUriPath);
  await app.init();
  return {
    app,
    http: () => supertest(app.getHttpServer()),
    clock,
    db: app.get(Database),
    env,
    database: { url: database.url, file: database.file },
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** A session cookie for the user, made the way login makes one (for tests that are not about login). */
export async function sessionCookieFor(t: TestApp, userId: number): Promise<string> {
  const cookies: string[] = [];
  const response = { append: (_: string, value: string) => cookies.push(value) };
  await t.app.get(SessionService).start(userId, { secure: false, headers: {} } as never, response as never);
  return cookies[0].split(';')[0];
}

/** A personal access token of the seeded admin user: admin rights through the authorization header, as a person. */
export async function adminUserToken(t: TestApp): Promise<string> {
  const expiresAt = new Date(t.clock.now().getTime() + 365 * 24 * 3600_000).toISOString();
  const res = await t
    .http()
    .post('/api/admin/user/tokens')
    .set('Cookie', await sessionCookieFor(t, 1))
    .send({ description: `admin-user-${randomUUID()}`, expiresAt });
  if (res.status !== 201) throw new Error(`could not create the admin user's token: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.secret;
}

/** The TypeOrmModule.forRoot options an embedding host writes for `database`: its connection and our entities (our migrations run themselves). */
export function hostDataSourceOptions(database: { url?: string; file: string }) {
  const connection = database.url
    ? ({ type: 'postgres', url: database.url } as const)
    : ({ type: 'better-sqlite3', database: database.file } as const);
  return { ...connection, entities: [...flagwrightEntities] };
}
