import { Module } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import supertest from 'supertest';
import { DataSource } from 'typeorm';
import { FlagwrightModule, type FlagwrightModuleOptions, flagwrightMigrations } from '../../src/index.js';
import { createTestDatabase, hostDataSourceOptions } from '../helpers/test-app.js';

const SECRET = 'host-session-secret-0123456789';
const ADMIN_TOKEN = '*:*.start-checks-admin-secret-0123456789';

/** What a host would write; each test changes one thing. */
async function startHost(options: {
  flagwright?: Partial<FlagwrightModuleOptions>;
  factoryReturns?: Record<string, unknown>;
  dataSource?: Record<string, unknown>;
  fastify?: boolean;
}) {
  // synchronize acts before any check of ours can run: on a fresh database (the case the check is for), it succeeds.
  const database = await createTestDatabase({ empty: options.dataSource?.synchronize === true });
  const flagwright = options.factoryReturns
    ? FlagwrightModule.forRootAsync({ useFactory: () => options.factoryReturns as unknown as FlagwrightModuleOptions })
    : FlagwrightModule.forRoot({ session: { secret: SECRET }, ...options.flagwright } as FlagwrightModuleOptions);

  @Module({
    imports: [TypeOrmModule.forRoot({ ...hostDataSourceOptions(database), ...options.dataSource }), flagwright],
  })
  class HostModule {}

  const start = async () => {
    const moduleRef = await Test.createTestingModule({ imports: [HostModule] }).compile();
    const app = options.fastify
      ? moduleRef.createNestApplication(new FastifyAdapter(), { logger: false })
      : moduleRef.createNestApplication({ logger: false });
    await app.init();
    return app;
  };
  return { start, drop: database.drop };
}

async function startFailure(options: Parameters<typeof startHost>[0]): Promise<string> {
  const host = await startHost(options);
  try {
    const app = await host.start();
    await app.close();
    return 'started';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await host.drop();
  }
}

describe('start-up checks of an embedded Flagwright', () => {
  it('refuses to start without a session secret, or with a short one, saying where it goes', async () => {
    expect(await startFailure({ flagwright: { session: undefined } })).toMatch(
      /^Flagwright: `session.secret` must be a string of at least 16 characters .*\{ session: \{ secret: process.env.SESSION_SECRET \} \}/,
    );
    expect(await startFailure({ flagwright: { session: { secret: 'short' } } })).toContain('at least 16 characters');
  });

  it('refuses to start on the Fastify platform, saying to use the Express adapter', async () => {
    expect(await startFailure({ fastify: true })).toBe(
      'Flagwright: this application runs on the "fastify" HTTP platform, but Flagwright\'s routes run on NestJS\'s Express ' +
        'platform only (@nestjs/platform-express, what NestFactory.create uses by default). Create the application that imports ' +
        'FlagwrightModule with the Express adapter, or run Flagwright as its own service (npm start) beside your application.',
    );
  });

  it('refuses a routePrefix returned by the forRootAsync factory instead of silently mounting at the root', async () => {
    expect(await startFailure({ factoryReturns: { routePrefix: 'flags', session: { secret: SECRET } } })).toContain(
      'Pass it beside useFactory: FlagwrightModule.forRootAsync({ routePrefix: "flags", useFactory: ... })',
    );
  });

  it('refuses a data source without our entities, naming the list to add', async () => {
    expect(await startFailure({ dataSource: { entities: [] } })).toMatch(
      /^Flagwright: the data source lacks \d+ of Flagwright's entities .*entities: \[\.\.\.flagwrightEntities, \.\.\.yours\]/,
    );
  });

  it('refuses a data source with synchronize: true, before our migrations fail on tables it made', async () => {
    // A host's mistake, on a throwaway test database: exactly what the check exists to refuse.
    // eslint-disable-next-line no-restricted-syntax
    expect(await startFailure({ dataSource: { synchronize: true } })).toMatch(/^Flagwright: the data source has `synchronize: true`/);
  });

  it('refuses a data source listing our migrations, which the host’s migration runs would run a second time', async () => {
    expect(await startFailure({ dataSource: { migrations: [...flagwrightMigrations] } })).toBe(
      "Flagwright: the data source lists Flagwright's migrations. Flagwright runs them itself and records them in its own table " +
        '(flagwright_migrations); your migration runs would run them again. Remove flagwrightMigrations from its `migrations`.',
    );
  });

  it('refuses half a first admin', async () => {
    expect(await startFailure({ flagwright: { bootstrap: { adminUsername: 'root' } } })).toBe(
      'Flagwright: `bootstrap.adminUsername` and `bootstrap.adminPassword` go together: give both, or neither.',
    );
  });

  it('creates no well-known admin unless the options name one', async () => {
    const host = await startHost({ flagwright: { bootstrap: { adminApiTokens: [ADMIN_TOKEN] } } });
    const app = await host.start();
    try {
      const http = supertest(app.getHttpServer());
      await http.post('/auth/simple/login').send({ username: 'admin', password: 'unleash4all' }).expect(401);
      const users = await http.get('/api/admin/user-admin').set('Authorization', ADMIN_TOKEN).expect(200);
      expect(users.body.users).toEqual([]);
      expect(await app.get(DataSource).query('SELECT username FROM flagwright_users')).toEqual([]);
    } finally {
      await app.close();
      await host.drop();
    }
  });

  it('creates the first admin the options name, and logs in with it', async () => {
    const host = await startHost({ flagwright: { bootstrap: { adminUsername: 'owner', adminPassword: 'Owner-pass-1234' } } });
    const app = await host.start();
    try {
      const login = await supertest(app.getHttpServer())
        .post('/auth/simple/login')
        .send({ username: 'owner', password: 'Owner-pass-1234' })
        .expect(200);
      expect(login.body).toMatchObject({ username: 'owner', rootRole: 1 });
    } finally {
      await app.close();
      await host.drop();
    }
  });
});
