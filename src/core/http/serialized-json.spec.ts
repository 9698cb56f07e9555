import { Controller, Get, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import supertest from 'supertest';
import { DEFAULT_LIMITS, FLAGWRIGHT_CONFIG } from '../config/flagwright-config.js';
import { OwnRoutePipeline, takeOverRoutes } from './own-route-pipeline.js';
import { RequestValidationPipe } from './request-validation.pipe.js';
import { serializedOncePer } from './serialized-json.js';

const kept = { version: 1, names: ['default', 'gradual rollout ✓', '<b>&</b>'] };
let shaped = 0;

@Controller('kept')
@takeOverRoutes
class KeptRoutes {
  private readonly answer = serializedOncePer((value: typeof kept) => {
    shaped++;
    return { ...value };
  });

  @Get('serialized')
  serialized() {
    return this.answer(kept);
  }

  @Get('plain')
  plain() {
    return kept;
  }
}

async function appWith(configure: (app: NestExpressApplication) => void = () => undefined): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({
    controllers: [KeptRoutes],
    providers: [OwnRoutePipeline, RequestValidationPipe, { provide: FLAGWRIGHT_CONFIG, useValue: { limits: DEFAULT_LIMITS } }],
  }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
  configure(app);
  await app.init();
  return app;
}

describe('SerializedJson', () => {
  it('is answered as the same value returned as an object would be: body, type, ETag and 304', async () => {
    const app = await appWith();
    const http = supertest(app.getHttpServer());
    const plain = await http.get('/kept/plain').expect(200);
    for (let i = 0; i < 2; i++) {
      const serialized = await http.get('/kept/serialized').expect(200);
      expect(serialized.text).toBe(plain.text);
      expect(serialized.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(serialized.headers['content-length']).toBe(plain.headers['content-length']);
      expect(serialized.headers.etag).toBe(plain.headers.etag);
    }
    await http.get('/kept/serialized').set('If-None-Match', plain.headers.etag).expect(304);
    // Shaped (and serialized) once for the one kept value.
    expect(shaped).toBe(1);
    await app.close();
  });

  it("follows the application's ETag setting: strong, or none", async () => {
    const strong = await appWith((app) => app.set('etag', 'strong'));
    const plainTag = (await supertest(strong.getHttpServer()).get('/kept/plain').expect(200)).headers.etag;
    expect(plainTag).toMatch(/^"/);
    expect((await supertest(strong.getHttpServer()).get('/kept/serialized').expect(200)).headers.etag).toBe(plainTag);
    await strong.close();
    const none = await appWith((app) => app.set('etag', false));
    expect((await supertest(none.getHttpServer()).get('/kept/serialized').expect(200)).headers.etag).toBeUndefined();
    await none.close();
  });

  it("follows the application's JSON settings (here escape and spaces) as every other answer does", async () => {
    const app = await appWith((host) => {
      host.set('json escape', true);
      host.set('json spaces', 2);
    });
    const http = supertest(app.getHttpServer());
    const plain = await http.get('/kept/plain').expect(200);
    expect(plain.text).toContain('\\u003cb\\u003e\\u0026');
    expect(plain.text).toContain('\n  "version": 1');
    const serialized = await http.get('/kept/serialized').expect(200);
    expect(serialized.text).toBe(plain.text);
    expect(serialized.headers['content-type']).toBe(plain.headers['content-type']);
    expect(serialized.headers.etag).toBe(plain.headers.etag);
    await app.close();
  });
});
