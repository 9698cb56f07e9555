import {
  BadRequestException,
  type CanActivate,
  Controller,
  Get,
  type ExecutionContext,
  ForbiddenException,
  HttpException,
  Injectable,
  Logger,
  UnauthorizedException,
} from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerException } from '@nestjs/throttler';
import { isFlagwrightRoute } from '../../src/index.js';
import { type EmbeddingHost, startEmbeddingHost } from '../helpers/embedding-host.js';

const HOST_ADMIN_TOKEN = '*:*.embedded-admin-secret-0123456789abcdef';

/** A host's global guard (a JWT guard, a throttler, an IP filter...) refusing requests the way the header says. */
@Injectable()
class RefusingHostGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const refusal = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>().headers['x-host-refuses'];
    switch (refusal) {
      case undefined:
        return true;
      case 'false':
        return false;
      case 'unauthorized':
        throw new UnauthorizedException();
      case 'forbidden':
        throw new ForbiddenException('Only the host’s staff may call this');
      case 'throttled':
        throw new ThrottlerException();
      case 'teapot':
        throw new HttpException('The host brews tea here', 418);
      case 'unusual-status':
        throw new HttpException('An unusual refusal', 499);
      case 'validation-pipe':
        throw new BadRequestException(['name must be a string', 'limit must not be less than 1']);
      default:
        throw new Error(`the host's guard failed on ${refusal}`);
    }
  }
}

describe('a host guard refusing one of our requests', () => {
  let host: EmbeddingHost;
  const refused = (refusal: string, path = '/flags/api/admin/events') =>
    host.http().get(path).set('Authorization', HOST_ADMIN_TOKEN).set('x-host-refuses', refusal);

  beforeAll(async () => {
    host = await startEmbeddingHost({
      flagwright: { bootstrap: { adminApiTokens: [HOST_ADMIN_TOKEN] } },
      providers: [{ provide: APP_GUARD, useClass: RefusingHostGuard }],
    });
  });

  afterAll(() => host.close());

  afterEach(() => vi.restoreAllMocks());

  const body = (name: string, message: string) => ({ id: expect.any(String), name, message });

  it('keeps the status of every framework refusal, in our error body, and logs none of them', async () => {
    const logged = vi.spyOn(Logger.prototype, 'error');
    expect((await refused('false').expect(403)).body).toEqual(body('NoAccessError', 'Forbidden resource'));
    expect((await refused('unauthorized').expect(401)).body).toEqual(body('AuthenticationRequired', 'Unauthorized'));
    expect((await refused('forbidden').expect(403)).body).toEqual(body('NoAccessError', 'Only the host’s staff may call this'));
    expect((await refused('throttled').expect(429)).body).toEqual(body('TooManyRequests', 'Too many requests, please try again later.'));
    expect((await refused('teapot').expect(418)).body).toEqual(body('ImATeapot', 'The host brews tea here'));
    expect((await refused('unusual-status').expect(400)).body).toEqual({
      ...body('ValidationError', 'An unusual refusal'),
      details: [{ message: 'An unusual refusal' }],
    });
    expect(logged).not.toHaveBeenCalled();
  });

  it('refuses health probes with the host guard’s status, not a 500', async () => {
    expect((await refused('unauthorized', '/flags/health').expect(401)).body).toEqual(body('AuthenticationRequired', 'Unauthorized'));
  });

  it("lists what a host's validation pipe found as our details", async () => {
    expect((await refused('validation-pipe').expect(400)).body).toEqual({
      ...body('ValidationError', 'Bad Request Exception'),
      details: [{ message: 'name must be a string' }, { message: 'limit must not be less than 1' }],
    });
  });

  it("answers a host guard's crash with a 500 logged once, with the id the client sees", async () => {
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const answer = await refused('crash').expect(500);
    expect(answer.body).toEqual(body('InternalError', `Something went wrong on our side. Error id: ${answer.body.id}.`));
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0][1])).toContain(answer.body.id);
  });

  it('still answers our own refusals in our words when the host lets a request through', async () => {
    const answer = await host.http().get('/flags/api/admin/events').expect(401);
    expect(answer.body.name).toBe('AuthenticationRequired');
    expect(answer.body.message).toContain('Try logging in at /flags/auth/simple/login');
  });
});

/** A host's strict global guard: nobody without the host's key, except on Flagwright's routes. */
@Injectable()
class StrictHostGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (isFlagwrightRoute(context)) return true;
    if (context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>().headers['x-host-key'] === 'key') return true;
    throw new UnauthorizedException('The host wants its key');
  }
}

@Controller('orders')
class OrdersController {
  @Get()
  list() {
    return ['an order'];
  }
}

describe('a strict host guard that lets our routes through with isFlagwrightRoute', () => {
  let host: EmbeddingHost;
  beforeAll(async () => {
    host = await startEmbeddingHost({
      flagwright: { bootstrap: { adminApiTokens: [HOST_ADMIN_TOKEN] } },
      controllers: [OrdersController],
      providers: [{ provide: APP_GUARD, useClass: StrictHostGuard }],
    });
  });
  afterAll(() => host.close());

  it('guards the host’s routes and leaves ours to authenticate their own callers', async () => {
    expect((await host.http().get('/orders').expect(401)).body).toMatchObject({ message: 'The host wants its key' });
    expect((await host.http().get('/orders').set('x-host-key', 'key').expect(200)).body).toEqual(['an order']);
    await host.http().get('/flags/api/admin/events').set('Authorization', HOST_ADMIN_TOKEN).expect(200);
    expect((await host.http().get('/flags/api/admin/events').expect(401)).body).toMatchObject({ name: 'AuthenticationRequired' });
    await host.http().get('/flags/health').expect(200);
  });
});
