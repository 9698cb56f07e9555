import { Controller, Get, Injectable, type INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import supertest from 'supertest';
import { AppError, FeatureFlags, FlagwrightModule } from '../../src/index.js';
import { seedFlags } from '../../src/testing.js';
import { createTestDatabase, hostDataSourceOptions } from '../helpers/test-app.js';

const SECRET = 'host-session-secret-0123456789';
const ADMIN_TOKEN = '*:*.feature-flags-admin-secret-0123456789';

/** A feature module of the host's that injects FeatureFlags without importing FlagwrightModule. */
@Injectable()
class PricingService {
  constructor(private readonly flags: FeatureFlags) {}

  price(): number {
    return this.flags.isEnabled('discount') ? 90 : 100;
  }
}

@Controller('pricing')
class PricingController {
  constructor(private readonly pricing: PricingService) {}

  @Get()
  price() {
    return { price: this.pricing.price() };
  }
}

@Module({ controllers: [PricingController], providers: [PricingService] })
class PricingModule {}

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

async function startHost(database: Database, isGlobal: boolean): Promise<INestApplication> {
  @Module({
    imports: [
      TypeOrmModule.forRoot(hostDataSourceOptions(database)),
      FlagwrightModule.forRoot({
        routePrefix: 'flags',
        isGlobal,
        session: { secret: SECRET },
        bootstrap: { adminApiTokens: [ADMIN_TOKEN] },
        sdk: { evaluationEnvironment: 'development' },
      }),
      PricingModule,
    ],
  })
  class HostModule {}
  const app = (await Test.createTestingModule({ imports: [HostModule] }).compile()).createNestApplication({ logger: false });
  await app.init();
  return app;
}

async function turnOn(app: INestApplication, flag: string): Promise<void> {
  const http = supertest(app.getHttpServer());
  await http.post('/flags/api/admin/projects/default/features').set('Authorization', ADMIN_TOKEN).send({ name: flag }).expect(201);
  await http
    .post(`/flags/api/admin/projects/default/features/${flag}/environments/development/on`)
    .set('Authorization', ADMIN_TOKEN)
    .expect(200);
}

describe('FeatureFlags in the host’s own modules', () => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });

  it('is injectable in every module of the host with isGlobal, and refresh() makes a change seen at once', async () => {
    const app = await startHost(database, true);
    try {
      const http = supertest(app.getHttpServer());
      expect((await http.get('/pricing').expect(200)).body).toEqual({ price: 100 });
      await turnOn(app, 'discount');
      await app.get(FeatureFlags).refresh();
      expect((await http.get('/pricing').expect(200)).body).toEqual({ price: 90 });
    } finally {
      await app.close();
    }
  });

  it('is not visible outside the modules that import FlagwrightModule without isGlobal (Nest says which)', async () => {
    await expect(startHost(database, false)).rejects.toThrow(/Nest can't resolve dependencies of the PricingService \(\?\)/);
  });

  it('refresh() reads a change another instance made, without waiting for the next poll', async () => {
    const writer = await startHost(database, true);
    const reader = await startHost(database, true);
    try {
      const flags = reader.get(FeatureFlags);
      expect(flags.isEnabled('discount')).toBe(false);
      await turnOn(writer, 'discount');
      await flags.refresh();
      expect(flags.isEnabled('discount')).toBe(true);
    } finally {
      await reader.close();
      await writer.close();
    }
  });

  it('seedFlags (flagwright/testing) creates flags in-process, with their strategies and events, seen at once', async () => {
    const app = await startHost(database, true);
    try {
      await seedFlags(app, [
        { name: 'discount', enabledIn: ['development'] },
        {
          name: 'beta',
          description: 'For user 42',
          strategies: {
            development: [{ name: 'default', constraints: [{ contextName: 'userId', operator: 'IN', values: ['42'] }] }],
          },
          enabledIn: ['development'],
        },
        { name: 'dormant' },
      ]);
      const flags = app.get(FeatureFlags);
      expect([flags.isEnabled('discount'), flags.isEnabled('beta', { userId: '42' }), flags.isEnabled('beta', { userId: '7' })]).toEqual([
        true,
        true,
        false,
      ]);
      expect(flags.isEnabled('dormant')).toBe(false);
      expect((await supertest(app.getHttpServer()).get('/pricing').expect(200)).body).toEqual({ price: 90 });

      const http = supertest(app.getHttpServer());
      const beta = await http.get('/flags/api/admin/projects/default/features/beta').set('Authorization', ADMIN_TOKEN).expect(200);
      expect(beta.body).toMatchObject({ name: 'beta', description: 'For user 42', project: 'default' });
      const events = await http.get('/flags/api/admin/events?feature=beta').set('Authorization', ADMIN_TOKEN).expect(200);
      expect(events.body.events.map((event: { type: string; createdBy: string }) => [event.type, event.createdBy]).sort()).toEqual([
        ['feature-created', 'unleash_system_user'],
        ['feature-environment-enabled', 'unleash_system_user'],
        ['feature-strategy-add', 'unleash_system_user'],
      ]);

      const refused = await seedFlags(app, [{ name: 'elsewhere', project: 'no-such-project' }]).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ name: 'NotFoundError' });
    } finally {
      await app.close();
    }
  });
});
