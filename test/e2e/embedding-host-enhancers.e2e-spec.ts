import {
  BadRequestException,
  Body,
  type CallHandler,
  ClassSerializerInterceptor,
  Controller,
  type ExecutionContext,
  Get,
  type INestApplication,
  Injectable,
  Logger,
  type NestInterceptor,
  Param,
  type PipeTransform,
  Post,
  type Provider,
  ValidationPipe,
} from '@nestjs/common';
import { APP_INTERCEPTOR, APP_PIPE, Reflector } from '@nestjs/core';
import { Expose } from 'class-transformer';
import { IsString } from 'class-validator';
import { map, tap } from 'rxjs';
import supertest from 'supertest';
import { startEmbeddingHost } from '../helpers/embedding-host.js';

const ADMIN_TOKEN = '*:*.embedded-admin-secret-0123456789abcdef';
const CLIENT_TOKEN = 'default:development.embedded-client-secret-0123456789abcdef';
const OWNER = { username: 'owner', password: 'Owner-pass-1234' };

class HostItem {
  @IsString()
  name!: string;
}

class HostAccount {
  @Expose()
  name: string;
  password: string;
  constructor(name: string, password: string) {
    this.name = name;
    this.password = password;
  }
}

/** The host's own routes, which its enhancers must still reach. */
@Controller('host')
class HostController {
  @Post('items')
  create(@Body() item: HostItem) {
    return { created: item };
  }

  @Get('echo/:word')
  echo(@Param('word') word: string) {
    return { echo: word };
  }

  @Get('account')
  account() {
    return new HostAccount('ann', 'hunter2');
  }
}

/** A host interceptor that wraps every answer, as many APIs do. */
@Injectable()
class WrapInDataInterceptor implements NestInterceptor {
  intercept(_: ExecutionContext, next: CallHandler) {
    return next.handle().pipe(map((data: unknown) => ({ data })));
  }
}

/** A host interceptor that times every request in a header, set once the answer has passed through it. */
@Injectable()
class TimingHeaderInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    const started = Date.now();
    const response = context.switchToHttp().getResponse<{ setHeader: (name: string, value: string) => void }>();
    return next.handle().pipe(tap(() => response.setHeader('x-response-time', `${Date.now() - started}ms`)));
  }
}

/** A host pipe that changes every string it is given and refuses anything else: no argument of ours may reach it. */
@Injectable()
class ShoutOrRefusePipe implements PipeTransform {
  transform(value: unknown) {
    if (typeof value === 'string') return value.toUpperCase();
    throw new BadRequestException('The host pipe takes strings only');
  }
}

interface HostEnhancers {
  providers?: Provider[];
  /** What the host does to the application between creating and starting it. */
  configure?: (app: INestApplication) => void;
}

function startHost({ providers = [], configure }: HostEnhancers = {}) {
  return startEmbeddingHost({
    flagwright: {
      bootstrap: {
        adminUsername: OWNER.username,
        adminPassword: OWNER.password,
        adminApiTokens: [ADMIN_TOKEN],
        clientApiTokens: [CLIENT_TOKEN],
      },
    },
    controllers: [HostController],
    providers,
    configure,
  });
}

type Host = Awaited<ReturnType<typeof startHost>>;

/** What the comparison looks at: status, body and the headers that carry meaning, with what differs by run masked. */
function answerOf(response: supertest.Response) {
  const { 'content-type': type, location, 'cache-control': cacheControl, etag, 'set-cookie': cookies } = response.headers;
  const answer = { status: response.status, body: response.body, type, location, cacheControl, etag: etag && '<etag>', cookies };
  return JSON.parse(
    JSON.stringify(answer)
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>')
      .replace(/unleash-session=[^;]+/g, 'unleash-session=<session>')
      .replace(/Expires=[^;]+/g, 'Expires=<time>'),
  );
}

const STRATEGIES = '/flags/api/admin/projects/default/features/checkout/environments/development/strategies';
const ROLLOUT = { rollout: '50', stickiness: 'default', groupId: 'checkout' };

/** The same requests to our routes, in order (later ones use what earlier ones created), and their answers. */
async function ourAnswers(host: Host): Promise<Record<string, ReturnType<typeof answerOf>>> {
  const admin = (request: supertest.Test) => request.set('Authorization', ADMIN_TOKEN);
  const answers: Record<string, ReturnType<typeof answerOf>> = {};
  const ask = async (label: string, request: supertest.Test) => {
    const response = await request;
    answers[label] = answerOf(response);
    return response;
  };
  await ask('search with limit=abc', admin(host.http().get('/flags/api/admin/search/features?limit=abc')));
  await ask(
    'create a feature',
    admin(host.http().post('/flags/api/admin/projects/default/features')).send({ name: 'checkout', description: 'The new checkout' }),
  );
  await ask(
    'create a feature with a number for a name',
    admin(host.http().post('/flags/api/admin/projects/default/features')).send({ name: 7 }),
  );
  await ask('create a segment', admin(host.http().post('/flags/api/admin/segments')).send({ name: 'beta-users', constraints: [] }));
  await ask('a search page', admin(host.http().get('/flags/api/admin/search/features?limit=10&query=check')));
  const added = await ask('add a strategy', admin(host.http().post(STRATEGIES)).send({ name: 'flexibleRollout', parameters: ROLLOUT }));
  await ask(
    'add a strategy with an unknown constraint operator',
    admin(host.http().post(STRATEGIES)).send({
      name: 'flexibleRollout',
      parameters: ROLLOUT,
      constraints: [{ contextName: 'userId', operator: 'SOMETIMES', values: ['ann'] }],
    }),
  );
  await ask(
    'update the strategy',
    admin(host.http().put(`${STRATEGIES}/${added.body.id}`)).send({ name: 'flexibleRollout', parameters: { ...ROLLOUT, rollout: '75' } }),
  );
  await ask('an unknown feature', admin(host.http().get('/flags/api/admin/projects/default/features/nope')));
  await ask('a segment by a malformed id', admin(host.http().get('/flags/api/admin/segments/first')));
  await ask(
    'log in with a wrong password',
    host
      .http()
      .post('/flags/auth/simple/login')
      .send({ ...OWNER, password: 'wrong' }),
  );
  const login = await ask('log in', host.http().post('/flags/auth/simple/login').send(OWNER));
  const [cookie] = login.headers['set-cookie'] as unknown as string[];
  await ask('who am I', host.http().get('/flags/api/admin/user').set('Cookie', cookie.split(';')[0]));
  await ask('SDK features', host.http().get('/flags/api/client/features').set('Authorization', CLIENT_TOKEN));
  return answers;
}

describe("a host's global pipes and interceptors on our routes", () => {
  let plain: Host;
  let expected: Awaited<ReturnType<typeof ourAnswers>>;

  beforeAll(async () => {
    plain = await startHost();
    expected = await ourAnswers(plain);
  });

  afterAll(() => plain.close());

  it('are answered, in a host without any, in our words (what the others are held to)', () => {
    const error = (name: string) => ({ id: '<uuid>', name, message: expect.any(String) });
    expect(expected['search with limit=abc']).toMatchObject({
      status: 400,
      body: { ...error('ValidationError'), details: [{ path: '/query/limit', message: expect.stringContaining('/query/limit') }] },
    });
    expect(expected['create a feature']).toMatchObject({
      status: 201,
      body: { name: 'checkout', description: 'The new checkout', project: 'default' },
    });
    expect(expected['create a segment']).toMatchObject({
      status: 201,
      body: { name: 'beta-users' },
      location: '/flags/api/admin/segments/1',
    });
    expect(expected['a search page']).toMatchObject({ status: 200, body: { total: 1, features: [{ name: 'checkout' }] } });
    expect(expected['add a strategy with an unknown constraint operator']).toMatchObject({
      status: 400,
      body: { ...error('ValidationError'), details: [{ path: '/body/constraints/0/operator' }] },
    });
    expect(expected['update the strategy']).toMatchObject({ status: 200, body: { parameters: { rollout: '75' } }, etag: '<etag>' });
    expect(expected['an unknown feature']).toMatchObject({ status: 404, body: error('NotFoundError') });
    expect(expected['a segment by a malformed id']).toMatchObject({ status: 400, body: { details: [{ path: '/params/id' }] } });
    expect(expected['log in with a wrong password']).toMatchObject({ status: 401, body: error('AuthenticationRequired') });
    expect(expected['who am I']).toMatchObject({ status: 200, body: { user: { username: 'owner' } }, cacheControl: 'no-store' });
    expect(expected['SDK features']).toMatchObject({ status: 200, body: { version: 2, features: [{ name: 'checkout' }] } });
  });

  const HOSTS: [string, HostEnhancers, (host: Host) => Promise<unknown>][] = [
    [
      'a plain ValidationPipe (app.useGlobalPipes)',
      { configure: (app) => app.useGlobalPipes(new ValidationPipe()) },
      async (host) =>
        expect((await host.http().post('/host/items').send({ name: 7 }).expect(400)).body.message).toEqual(['name must be a string']),
    ],
    [
      'a ValidationPipe with whitelist, forbidNonWhitelisted and transform (APP_PIPE)',
      {
        providers: [{ provide: APP_PIPE, useValue: new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }) }],
      },
      async (host) =>
        expect((await host.http().post('/host/items').send({ name: 'lamp', colour: 'red' }).expect(400)).body.message).toEqual([
          'property colour should not exist',
        ]),
    ],
    [
      'an interceptor wrapping every answer in {data} (APP_INTERCEPTOR)',
      { providers: [{ provide: APP_INTERCEPTOR, useClass: WrapInDataInterceptor }] },
      async (host) => expect((await host.http().get('/host/echo/abc').expect(200)).body).toEqual({ data: { echo: 'abc' } }),
    ],
    [
      'ClassSerializerInterceptor exposing only what is marked (app.useGlobalInterceptors)',
      { configure: (app) => app.useGlobalInterceptors(new ClassSerializerInterceptor(app.get(Reflector), { strategy: 'excludeAll' })) },
      async (host) => expect((await host.http().get('/host/account').expect(200)).body).toEqual({ name: 'ann' }),
    ],
    [
      'a pipe that upper-cases strings and refuses anything else (APP_PIPE)',
      { providers: [{ provide: APP_PIPE, useClass: ShoutOrRefusePipe }] },
      async (host) => {
        expect((await host.http().get('/host/echo/abc').expect(200)).body).toEqual({ echo: 'ABC' });
        expect((await host.http().post('/host/items').send({ name: 'lamp' }).expect(400)).body.message).toBe(
          'The host pipe takes strings only',
        );
      },
    ],
  ];

  describe.each(HOSTS)('in a host with %s', (_, enhancers, checkHostRoute) => {
    let host: Host;
    beforeAll(async () => {
      host = await startHost(enhancers);
    });
    afterAll(() => host.close());

    it('answer exactly as in a host without it, and log nothing', async () => {
      const logged = vi.spyOn(Logger.prototype, 'error');
      expect(await ourAnswers(host)).toEqual(expected);
      expect(logged).not.toHaveBeenCalled();
      logged.mockRestore();
    });

    it("still reach the host's own routes", async () => {
      await checkHostRoute(host);
    });
  });

  describe('in a host with an interceptor that sets a header once the answer has passed (a timing header)', () => {
    let host: Host;
    beforeAll(async () => {
      host = await startHost({ providers: [{ provide: APP_INTERCEPTOR, useClass: TimingHeaderInterceptor }] });
    });
    afterAll(() => host.close());
    afterEach(() => vi.restoreAllMocks());

    it("get the header on routes that return their answer, as the host's routes do", async () => {
      const logged = vi.spyOn(Logger.prototype, 'error');
      const projects = await host.http().get('/flags/api/admin/projects').set('Authorization', ADMIN_TOKEN).expect(200);
      expect(projects.body.projects).toEqual([expect.objectContaining({ id: 'default' })]);
      expect(projects.headers['x-response-time']).toMatch(/^\d+ms$/);
      expect((await host.http().get('/host/echo/abc').expect(200)).headers['x-response-time']).toMatch(/^\d+ms$/);
      expect(logged).not.toHaveBeenCalled();
    });

    it('cannot get it on the routes that send an answer kept ready (SDK, search): the answer is whole, the failure logged once', async () => {
      const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      const features = await host.http().get('/flags/api/client/features').set('Authorization', CLIENT_TOKEN).expect(200);
      expect(features.body).toMatchObject({ version: 2, features: [] });
      expect(features.headers['x-response-time']).toBeUndefined();
      await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
      expect(String(logged.mock.calls[0][1])).toContain('Error after the answer was sent: Error: Cannot set headers after they are sent');
    });
  });
});
