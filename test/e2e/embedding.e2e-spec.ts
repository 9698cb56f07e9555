import {
  Body,
  type CanActivate,
  Controller,
  type ExecutionContext,
  Get,
  Injectable,
  Module,
  NotFoundException,
  Param,
  ParseIntPipe,
  Post,
} from '@nestjs/common';
import { APP_GUARD, ApplicationConfig, ModulesContainer } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import supertest from 'supertest';
import { FeatureFlags, FlagwrightModule, RequireFlag } from '../../src/index.js';
import { createTestDatabase, hostDataSourceOptions } from '../helpers/test-app.js';
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

/** Two modules of the host's own, each with a controller and a provider, that know nothing of ours. */
@Injectable()
class GreetingService {
  greet(name: string) {
    return { greeting: `hello ${name}` };
  }
}

@Controller('greetings')
class GreetingController {
  constructor(private readonly greetings: GreetingService) {}

  @Get(':name')
  greet(@Param('name') name: string) {
    return this.greetings.greet(name);
  }

  @Post()
  echo(@Body() body: unknown) {
    return { received: body };
  }
}

@Module({ controllers: [GreetingController], providers: [GreetingService] })
class GreetingModule {}

@Injectable()
class InventoryService {
  private readonly items = new Map([[1, { id: 1, name: 'lamp' }]]);
  find(id: number) {
    const item = this.items.get(id);
    if (!item) throw new NotFoundException(`item ${id} not found`);
    return item;
  }
}

@Controller('inventory')
class InventoryController {
  constructor(private readonly inventory: InventoryService) {}

  @Get(':id')
  find(@Param('id', ParseIntPipe) id: number) {
    return this.inventory.find(id);
  }
}

@Module({ controllers: [InventoryController], providers: [InventoryService] })
class InventoryModule {}

/** Requests to the host modules' routes: what they answer must not depend on FlagwrightModule being there. */
const HOST_MODULE_REQUESTS: ((http: supertest.Agent) => supertest.Test)[] = [
  (http) => http.get('/greetings/ann'),
  (http) => http.post('/greetings').send({ a: [1, 2] }),
  (http) => http.post('/greetings').set('Content-Type', 'application/json').send('{"broken'),
  (http) => http.post('/greetings').type('form').send('a=b'),
  (http) => http.get('/inventory/1'),
  (http) => http.get('/inventory/2'),
  (http) => http.get('/inventory/lamp'),
  (http) => http.get('/inventory'),
];

describe('embedding FlagwrightModule in a host application', () => {
  let app: INestApplication;
  /** The same host modules and guard without FlagwrightModule, to compare answers with. */
  let bare: INestApplication;
  let drop: () => Promise<void>;
  const http = () => supertest(app.getHttpServer());

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;

    @Module({
      imports: [
        TypeOrmModule.forRoot(hostDataSourceOptions(database)),
        FlagwrightModule.forRootAsync({
          routePrefix: 'flags',
          useFactory: () => ({ session: { secret: 'host-session-secret-0123456789' }, bootstrap: { adminApiTokens: [HOST_ADMIN_TOKEN] } }),
        }),
        CheckoutModule,
        GreetingModule,
        InventoryModule,
      ],
      controllers: [HostController],
      providers: [{ provide: APP_GUARD, useClass: HostGuard }],
    })
    class HostModule {}

    const moduleRef = await Test.createTestingModule({ imports: [HostModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();

    @Module({ imports: [GreetingModule, InventoryModule], providers: [{ provide: APP_GUARD, useClass: HostGuard }] })
    class BareHostModule {}
    bare = (await Test.createTestingModule({ imports: [BareHostModule] }).compile()).createNestApplication({ logger: false });
    await bare.init();
  });

  afterAll(async () => {
    await bare.close();
    await app.close();
    await drop();
  });

  it("registers no global guard, filter, pipe or interceptor and no global module: the host's guard is the only global enhancer", () => {
    const config = app.get(ApplicationConfig);
    expect(config.getGlobalGuards().map((guard) => guard.constructor)).toEqual([HostGuard]);
    expect(config.getGlobalFilters()).toEqual([]);
    expect(config.getGlobalPipes()).toEqual([]);
    expect(config.getGlobalInterceptors()).toEqual([]);
    const requestScoped = [config.getGlobalRequestGuards(), config.getGlobalRequestFilters(), config.getGlobalRequestPipes()];
    expect([...requestScoped, config.getGlobalRequestInterceptors()].flat()).toEqual([]);
    const globalModules = [...app.get(ModulesContainer).values()].filter((module) => module.isGlobal).map((module) => module.name);
    // TypeOrmModule's core is the host's own global module; Nest's internal core module is always there.
    expect(globalModules.sort()).toEqual(['InternalCoreModule', 'TypeOrmCoreModule']);
  });

  it("answers the host modules' routes exactly as the host without FlagwrightModule does", async () => {
    for (const request of HOST_MODULE_REQUESTS) {
      const [ours, theirs] = await Promise.all([request(supertest(app.getHttpServer())), request(supertest(bare.getHttpServer()))]);
      expect({ status: ours.status, type: ours.type, body: ours.body }).toEqual({
        status: theirs.status,
        type: theirs.type,
        body: theirs.body,
      });
    }
    expect((await http().get('/greetings/ann').expect(200)).body).toEqual({ greeting: 'hello ann' });
    expect(
      (
        await http()
          .post('/greetings')
          .send({ a: [1, 2] })
          .expect(201)
      ).body,
    ).toEqual({ received: { a: [1, 2] } });
    expect((await http().get('/inventory/2').expect(404)).body).toEqual({
      statusCode: 404,
      message: 'item 2 not found',
      error: 'Not Found',
    });
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
      path: '/flags/auth/simple/login',
      type: 'password',
      defaultHidden: false,
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
