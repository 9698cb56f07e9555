import { Module } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import supertest from 'supertest';
import { DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { flagwrightEntities, FlagwrightModule, type FlagwrightModuleOptions, flagwrightMigrations } from '../../src/index.js';
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
  const database = await createTestDatabase();
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
        'FlagwrightModule with the Express adapter: a second application of yours, on Express and listening on its own port, can ' +
        'hold FlagwrightModule beside your Fastify one.',
    );
  });

  it('refuses a routePrefix returned by the forRootAsync factory instead of silently mounting at the root', async () => {
    expect(await startFailure({ factoryReturns: { routePrefix: 'flags', session: { secret: SECRET } } })).toContain(
      'Pass it beside useFactory: FlagwrightModule.forRootAsync({ routePrefix: "flags", useFactory: ... })',
    );
    expect(await startFailure({ factoryReturns: { isGlobal: true, session: { secret: SECRET } } })).toBe(
      'Flagwright: `isGlobal` is read when the module is defined, not from the options your factory returns. ' +
        'Pass it beside useFactory: FlagwrightModule.forRootAsync({ isGlobal: true, useFactory: ... }).',
    );
  });

  it('refuses a data source without our entities, naming the list to add', async () => {
    expect(await startFailure({ dataSource: { entities: [] } })).toMatch(
      /^Flagwright: the data source lacks \d+ of Flagwright's entities .*entities: \[\.\.\.flagwrightEntities, \.\.\.yours\], or let TypeOrmModule add them: autoLoadEntities: true\.$/,
    );
  });

  it('takes its entities from TypeOrmModule when the data source has autoLoadEntities: true and no list', async () => {
    const host = await startHost({
      dataSource: { entities: undefined, autoLoadEntities: true },
      flagwright: { bootstrap: { adminApiTokens: [ADMIN_TOKEN] } },
    });
    try {
      const app = await host.start();
      try {
        await supertest(app.getHttpServer()).get('/api/admin/projects').set('Authorization', ADMIN_TOKEN).expect(200);
        expect(app.get(DataSource).options.entities).toEqual(flagwrightEntities);
      } finally {
        await app.close();
      }
    } finally {
      await host.drop();
    }
  });

  it('refuses a data source with synchronize: true having written nothing of ours, so the next start without it works', async () => {
    @Entity('host_orders')
    class HostOrder {
      @PrimaryGeneratedColumn()
      id!: number;
    }
    const database = await createTestDatabase({ empty: true });
    const start = async (dataSource: Record<string, unknown>) => {
      @Module({
        imports: [
          TypeOrmModule.forRoot({ ...hostDataSourceOptions(database), entities: [...flagwrightEntities, HostOrder], ...dataSource }),
          FlagwrightModule.forRoot({ session: { secret: SECRET }, bootstrap: { adminApiTokens: [ADMIN_TOKEN] } }),
        ],
      })
      class HostModule {}
      const app = (await Test.createTestingModule({ imports: [HostModule] }).compile()).createNestApplication({ logger: false });
      await app.init();
      return app;
    };
    const tablesNow = async () => {
      const probe = new DataSource(hostDataSourceOptions(database));
      await probe.initialize();
      try {
        const rows: { name: string }[] =
          probe.options.type === 'postgres'
            ? await probe.query(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`)
            : await probe.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`);
        return rows.map((row) => row.name).sort();
      } finally {
        await probe.destroy();
      }
    };
    try {
      // A host's choice for its own tables, on a throwaway test database: exactly what the check exists to refuse.
      // eslint-disable-next-line no-restricted-syntax
      await expect(start({ synchronize: true })).rejects.toThrow(
        'Flagwright: the data source has `synchronize: true`. Flagwright creates and changes its tables with its own migrations, ' +
          'and has written nothing: turn `synchronize` off for the data source that holds them (use migrations for your own tables too), ' +
          'or give Flagwright a data source of its own (TypeOrmModule.forRoot({ name: "flags", ... }) and FlagwrightModule.forRoot({ dataSourceName: "flags", ... })).',
      );
      // TypeORM made the host's table, as the host asked; nothing of Flagwright's exists.
      expect(await tablesNow()).toEqual(['host_orders']);

      const app = await start({});
      try {
        await supertest(app.getHttpServer()).get('/api/admin/projects').set('Authorization', ADMIN_TOKEN).expect(200);
      } finally {
        await app.close();
      }
    } finally {
      await database.drop();
    }
  });

  it('refuses a data source with dropSchema: true, which would drop our tables at every start', async () => {
    expect(await startFailure({ dataSource: { dropSchema: true } })).toBe(
      "Flagwright: the data source has `dropSchema: true`, which drops every table of its schema, Flagwright's included, at each start. " +
        'Turn it off for the data source that holds Flagwright’s tables, or give Flagwright a data source of its own (`dataSourceName`).',
    );
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
