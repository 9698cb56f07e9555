import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { FeatureFlags } from 'flagwright';
import { seedFlags } from 'flagwright/testing';
import supertest from 'supertest';
import { AppModule } from '../src/app.module.js';
import { PricingService } from '../src/pricing/pricing.module.js';

/** The host's own test suite, as its developers write it: the whole application, Flagwright included, under Jest. */
describe('the host, with Flagwright embedded, under Jest', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = moduleRef.createNestApplication();
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('serves its own routes behind its own guard, and Flagwright’s under the prefix', async () => {
    await supertest(app.getHttpServer()).get('/users').expect(401);
    const users = await supertest(app.getHttpServer()).get('/users').set('x-host-key', 'host-key').expect(200);
    expect(users.body).toEqual([{ id: 1, email: 'first@host.example' }]);
    await supertest(app.getHttpServer()).get('/flags/api/admin/projects').set('Authorization', process.env.FLAGS_ADMIN_TOKEN!).expect(200);
  });

  it('seeds flags in-process and sees them in its own services at once', async () => {
    expect(app.get(PricingService).price('42')).toBe(100);
    await seedFlags(app, [{ name: 'discount', enabledIn: ['development'] }]);
    expect(app.get(FeatureFlags).isEnabled('discount')).toBe(true);
    expect(app.get(PricingService).price('42')).toBe(90);
    const pricing = await supertest(app.getHttpServer()).get('/pricing').set('x-host-key', 'host-key').expect(200);
    expect(pricing.body).toEqual({ price: 90 });
  });
});
