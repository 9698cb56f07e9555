import { type INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import supertest from 'supertest';
import { FlagwrightModule } from '../../src/index.js';
import { createTestDatabase, hostDataSourceOptions } from '../helpers/test-app.js';
import { strategiesUrl } from './strategies.fixtures.js';

const TOKEN = '*:*.limits-admin-secret-0123456789abcdef';

/** The limits are options of the module: a host sets its own, and every message names them. */
describe('configured strategy limits', () => {
  let app: INestApplication;
  let drop: () => Promise<void>;
  const put = (url: string, body: object) => supertest(app.getHttpServer()).put(url).set('Authorization', TOKEN).send(body);
  const post = (url: string, body: object) => supertest(app.getHttpServer()).post(url).set('Authorization', TOKEN).send(body);

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;

    @Module({
      imports: [
        TypeOrmModule.forRoot(hostDataSourceOptions(database)),
        FlagwrightModule.forRoot({
          session: { secret: 'limits-session-secret-0123456789' },
          bootstrap: { adminApiTokens: [TOKEN] },
          limits: { constraintsPerStrategy: 2, valuesPerConstraint: 3, segmentsPerStrategy: 1, strategiesPerFeatureEnvironment: 2 },
        }),
      ],
    })
    class HostModule {}

    app = (await Test.createTestingModule({ imports: [HostModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    await post('/api/admin/projects/default/features', { name: 'lim' }).expect(201);
    for (const name of ['a', 'b']) await post('/api/admin/segments', { name, constraints: [] }).expect(201);
  });

  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('applies each configured limit and names it', async () => {
    const url = strategiesUrl('default', 'lim', 'production');
    const first = await post(url, { name: 'default' }).expect(200);
    await post(url, { name: 'default' }).expect(200);
    const third = await post(url, { name: 'default' }).expect(400);
    expect(third.body.message).toBe(
      "Failed to create strategy. You can't create more than the established limit of 2 strategies per feature environment.",
    );

    const c = { contextName: 'a', operator: 'IN', values: ['1'] };
    const res = await put(`${url}/${first.body.id}`, {
      constraints: [c, c, { ...c, values: ['1', '2', '3', '4'] }],
      segments: [1, 2],
    }).expect(400);
    expect(res.body.details).toEqual([
      {
        path: '/body/constraints',
        message: 'The `/body/constraints` property must not have more than 2 constraints (the configured limit is 2). You sent 3.',
      },
      {
        path: '/body/constraints/2/values',
        message: 'The `/body/constraints/2/values` property must not have more than 3 values (the configured limit is 3). You sent 4.',
      },
      {
        path: '/body/segments',
        message: 'The `/body/segments` property must not have more than 1 segments (the configured limit is 1). You sent 2.',
      },
    ]);
    await put(`${url}/${first.body.id}`, { constraints: [c, { ...c, values: ['1', '2', '3'] }], segments: [2] }).expect(200);
  });
});
