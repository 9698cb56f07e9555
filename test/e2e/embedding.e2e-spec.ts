import { type CanActivate, Controller, type ExecutionContext, Get, Injectable, Module, NotFoundException } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import supertest from 'supertest';
import { FeatureFlags, FlagwrightModule, flagwrightEntities, flagwrightMigrations, RequireFlag } from '../../src/index.js';
import { createTestDatabase } from '../helpers/test-app.js';
import type { INestApplication } from '@nestjs/common';

const HOST_ADMIN_TOKEN = '*:*.embedded-admin-secret-0123456789abcdef';

/** The host's own global guard: it sees every request, ours included, and blocks the ones it is told to. */
@Injectable()
class HostGuard implements CanActivate {
  static seen: string[] = [];
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ url: string; headers: Record<string, string> }>();
    HostGuard.seen.push(request.url);
    return request.headers['x-host-block'] !== 'yes';
  }
}

/** A host feature behind a flag, in a module of its own that does not import FlagwrightModule. */
@Controller('checkout')
class CheckoutController {
  @Get()
  @RequireFlag('new-checkout')
  checkout() {
    return { checkout: 'new' };
  }

  @Get('for-beta')
  @RequireFlag('new-checkout', { context: () => ({ userId: 'beta-user' }) })
  forBeta() {
    return { checkout: 'beta' };
  }
}

@Module({ controllers: [CheckoutController] })
class CheckoutModule {}

@Controller('host')
class HostController {
  constructor(private readonly flags: FeatureFlags) {}

  @Get('flag')
  flag() {
    return { enabled: this.flags.isEnabled('new-checkout'), variant: this.flags.getVariant('new-checkout').name };
  }

  @Get('hello')
  hello() {
    return { hello: 'from the host' };
  }

  @Get('missing')
  missing() {
    throw new NotFoundException('host thing not found');
  }
}

describe('embedding FlagwrightModule in a host application', () => {
  let app: INestApplication;
  let drop: () => Promise<void>;
  const http = () => supertest(app.getHttpServer());

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    const dataSource = database.url
      ? ({ type: 'postgres', url: database.url } as const)
      : ({ type: 'better-sqlite3', database: database.file } as const);

    @Module({
      imports: [
        TypeOrmModule.forRoot({ ...dataSource, entities: [...flagwrightEntities], migrations: [...flagwrightMigrations] }),
        FlagwrightModule.forRootAsync({
          routePrefix: 'flags',
          useFactory: () => ({ session: { secret: 'host-session-secret-0123456789' }, bootstrap: { adminApiTokens: [HOST_ADMIN_TOKEN] } }),
        }),
        CheckoutModule,
      ],
      controllers: [HostController],
      providers: [{ provide: APP_GUARD, useClass: HostGuard }],
    })
    class HostModule {}

    const moduleRef = await Test.createTestingModule({ imports: [HostModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    await drop();
  });

  it("leaves the host's own routes, errors and guard untouched", async () => {
    expect((await http().get('/host/hello').expect(200)).body).toEqual({ hello: 'from the host' });
    const missing = await http().get('/host/missing').expect(404);
    expect(missing.body).toEqual({ statusCode: 404, message: 'host thing not found', error: 'Not Found' });
    const unknown = await http().get('/host/nowhere').expect(404);
    expect(unknown.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    await http().get('/host/hello').set('x-host-block', 'yes').expect(403);
  });

  it('serves our routes under the prefix with our error bodies', async () => {
    expect((await http().get('/flags/health').expect(200)).body).toMatchObject({ health: 'GOOD' });
    const denied = await http().get('/flags/api/admin/events').expect(401);
    expect(denied.body).toEqual({
      id: expect.any(String),
      name: 'AuthenticationRequired',
      message: expect.stringContaining('Try logging in at /flags/auth/simple/login'),
    });
    await http().get('/flags/api/admin/events').set('Authorization', HOST_ADMIN_TOKEN).expect(200);
    const form = await http()
      .post('/flags/api/admin/user/tokens')
      .set('Authorization', HOST_ADMIN_TOKEN)
      .type('form')
      .send('a=b')
      .expect(415);
    expect(form.body.name).toBe('ContentTypeerror');
    await http().get('/api/admin/events').set('Authorization', HOST_ADMIN_TOKEN).expect(404);
  });

  it("runs the host's global guard on our routes too, as Nest does for every route", async () => {
    HostGuard.seen = [];
    await http().get('/flags/health').expect(200);
    expect(HostGuard.seen).toEqual(['/flags/health']);
  });

  it('evaluates flags in-process for the host (FeatureFlags and @RequireFlag) and sees a change within a second', async () => {
    const admin = (req: supertest.Test) => req.set('Authorization', HOST_ADMIN_TOKEN);
    expect((await http().get('/host/flag').expect(200)).body).toEqual({ enabled: false, variant: 'disabled' });
    const hidden = await http().get('/checkout').expect(404);
    expect(hidden.body).toEqual({ statusCode: 404, message: 'Not Found' });

    await admin(http().post('/flags/api/admin/projects/default/features')).send({ name: 'new-checkout' }).expect(201);
    await admin(http().post('/flags/api/admin/projects/default/features/new-checkout/environments/development/strategies'))
      .send({
        name: 'flexibleRollout',
        parameters: { rollout: '100', stickiness: 'userId', groupId: 'new-checkout' },
        constraints: [{ contextName: 'userId', operator: 'IN', values: ['beta-user'] }],
      })
      .expect(200);
    const changedAt = Date.now();
    await admin(http().post('/flags/api/admin/projects/default/features/new-checkout/environments/development/on')).expect(200);

    await expect.poll(async () => (await http().get('/checkout/for-beta')).status, { timeout: 1_000, interval: 20 }).toBe(200);
    expect(Date.now() - changedAt).toBeLessThan(1_000);
    expect((await http().get('/checkout/for-beta').expect(200)).body).toEqual({ checkout: 'beta' });
    // Without a user the constraint does not hold: still hidden.
    await http().get('/checkout').expect(404);
    expect((await http().get('/host/flag').expect(200)).body).toEqual({ enabled: false, variant: 'disabled' });
  });
});
