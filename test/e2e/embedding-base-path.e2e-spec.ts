import { Controller, Get, type INestApplication, VersioningType } from '@nestjs/common';
import { startEmbeddingHost } from '../helpers/embedding-host.js';

const OWNER = { username: 'owner', password: 'Owner-pass-1234' };

/** A host with a global prefix, Flagwright under `flags`; `basePath` only when the test gives one. */
function startHost(globalPrefix: Parameters<INestApplication['setGlobalPrefix']>, basePath?: string) {
  return startEmbeddingHost({
    flagwright: {
      bootstrap: { adminUsername: OWNER.username, adminPassword: OWNER.password },
      ...(basePath === undefined ? {} : { basePath }),
    },
    // As hosts do: after the application (and every provider) is created, before it starts.
    configure: (app) => app.setGlobalPrefix(...globalPrefix),
  });
}

/** Logs in at `routes`, creates a segment with the session, and answers the cookie's path and the segment's location. */
async function linksOf(host: Awaited<ReturnType<typeof startHost>>, routes: string) {
  const login = await host.http().post(`${routes}/auth/simple/login`).send(OWNER).expect(200);
  const [cookie] = login.headers['set-cookie'] as unknown as string[];
  const created = await host
    .http()
    .post(`${routes}/api/admin/segments`)
    .set('Cookie', cookie.split(';')[0])
    .send({ name: 'beta-users', constraints: [] })
    .expect(201);
  const unauthenticated = await host.http().get(`${routes}/api/admin/segments`).expect(401);
  return {
    cookiePath: /; Path=([^;]+);/.exec(cookie)?.[1],
    location: created.headers.location,
    loginLink: unauthenticated.body.message.replace(/^.*Try logging in at /, ''),
    segmentId: created.body.id,
  };
}

describe('the base path of an embedded Flagwright', () => {
  it('follows the host’s global prefix: cookie path, location and login link are under /api-host/flags', async () => {
    const host = await startHost(['api-host']);
    try {
      const links = await linksOf(host, '/api-host/flags');
      expect(links).toEqual({
        cookiePath: '/api-host/flags',
        location: `/api-host/flags/api/admin/segments/${links.segmentId}`,
        loginLink: '/api-host/flags/auth/simple/login',
        segmentId: expect.any(Number),
      });
    } finally {
      await host.close();
    }
  });

  it('leaves the global prefix out when the host excludes our routes from it', async () => {
    const host = await startHost(['api-host', { exclude: ['flags/{*rest}'] }]);
    try {
      const links = await linksOf(host, '/flags');
      expect(links).toEqual({
        cookiePath: '/flags',
        location: `/flags/api/admin/segments/${links.segmentId}`,
        loginLink: '/flags/auth/simple/login',
        segmentId: expect.any(Number),
      });
    } finally {
      await host.close();
    }
  });

  it('takes a basePath given in the options over the global prefix (a proxy that rewrites paths)', async () => {
    const host = await startHost(['api-host'], '/outside');
    try {
      const links = await linksOf(host, '/api-host/flags');
      expect(links).toEqual({
        cookiePath: '/outside/flags',
        location: `/outside/flags/api/admin/segments/${links.segmentId}`,
        loginLink: '/outside/flags/auth/simple/login',
        segmentId: expect.any(Number),
      });
    } finally {
      await host.close();
    }
  });

  it.each([
    { versioning: 'URI', enable: { type: VersioningType.URI, defaultVersion: '1' } },
    { versioning: 'header', enable: { type: VersioningType.HEADER, header: 'x-api-version', defaultVersion: '1' } },
  ] as const)(
    'keeps our routes, cookie path, locations and login link where clients call them in a host with $versioning versioning',
    async ({ enable }) => {
      @Controller('orders')
      class HostOrdersController {
        @Get()
        list() {
          return ['the host’s orders'];
        }
      }
      const host = await startEmbeddingHost({
        flagwright: { bootstrap: { adminUsername: OWNER.username, adminPassword: OWNER.password } },
        controllers: [HostOrdersController],
        configure: (app) => {
          app.setGlobalPrefix('api');
          app.enableVersioning(enable);
        },
      });
      try {
        const links = await linksOf(host, '/api/flags');
        expect(links).toEqual({
          cookiePath: '/api/flags',
          location: `/api/flags/api/admin/segments/${links.segmentId}`,
          loginLink: '/api/flags/auth/simple/login',
          segmentId: expect.any(Number),
        });
        await host.http().get(links.location).set('x-api-version', '2').expect(401);
        const hostOrders = enable.type === VersioningType.URI ? '/api/v1/orders' : '/api/orders';
        expect((await host.http().get(hostOrders).set('x-api-version', '1').expect(200)).body).toEqual(['the host’s orders']);
        await host.http().get('/api/v1/flags/api/admin/segments').expect(404);
      } finally {
        await host.close();
      }
    },
  );
});
