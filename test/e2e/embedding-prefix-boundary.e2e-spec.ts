import { Body, Controller, Post } from '@nestjs/common';
import { type EmbeddingHost, startEmbeddingHost } from '../helpers/embedding-host.js';

const ADMIN_TOKEN = '*:*.prefix-boundary-admin-secret-0123456789';
const ERROR_ID = expect.stringMatching(/^[0-9a-f-]{36}$/);

@Controller('orders')
class OrdersController {
  @Post()
  create(@Body() body: unknown) {
    return { received: body };
  }
}

/**
 * A host with Nest's own body parser (the default) and Nest's own 404: under our prefix the answers are ours, as the
 * standalone service gives them; elsewhere they stay the host's.
 */
describe.each([
  { globalPrefix: '', flags: '/flags', orders: '/orders' },
  { globalPrefix: 'api', flags: '/api/flags', orders: '/api/orders' },
])('the paths under our prefix ($flags) in a host that parses JSON itself', ({ globalPrefix, flags, orders }) => {
  let host: EmbeddingHost;
  beforeAll(async () => {
    host = await startEmbeddingHost({
      flagwright: { bootstrap: { adminApiTokens: [ADMIN_TOKEN] } },
      controllers: [OrdersController],
      configure: (app) => {
        if (globalPrefix) app.setGlobalPrefix(globalPrefix);
      },
    });
  });
  afterAll(() => host.close());

  const malformed = (path: string) =>
    host.http().post(path).set('Authorization', ADMIN_TOKEN).set('Content-Type', 'application/json').send('{"name": "beta",');

  it('answers malformed JSON and an oversized body with our error body', async () => {
    const refused = await malformed(`${flags}/api/admin/segments`).expect(400);
    expect(refused.body).toEqual({
      id: ERROR_ID,
      name: 'ValidationError',
      message: expect.stringMatching(/^The request body is not valid JSON: /),
      details: [{ message: refused.body.message }],
    });
    const oversized = await host
      .http()
      .post(`${flags}/api/admin/segments`)
      .set('Authorization', ADMIN_TOKEN)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(2_000_000) }))
      .expect(413);
    expect(oversized.body).toEqual({ id: ERROR_ID, name: 'PayloadTooLarge', message: expect.any(String) });
  });

  it('answers a path under the prefix that no route serves with our 404', async () => {
    const missing = await host.http().get(`${flags}/api/admin/no-such-thing?x=1`).set('Authorization', ADMIN_TOKEN).expect(404);
    expect(missing.body).toEqual({
      id: ERROR_ID,
      name: 'NotFoundError',
      message: `The path you were looking for (${flags}/api/admin/no-such-thing) is not available.`,
    });
  });

  it('leaves the host’s own paths, their 404s and their body errors, to the host', async () => {
    expect((await host.http().post(orders).send({ item: 'tea' }).expect(201)).body).toEqual({ received: { item: 'tea' } });
    const hostMalformed = await malformed(orders).expect(400);
    expect(hostMalformed.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    const hostPath = `${globalPrefix ? `/${globalPrefix}` : ''}/no-such-host-path`;
    expect((await host.http().get(hostPath).expect(404)).body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: `Cannot GET ${hostPath}`,
    });
  });
});
