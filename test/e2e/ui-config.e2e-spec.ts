import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../helpers/test-app.js';

describe('GET /api/admin/ui-config', () => {
  let t: TestApp;
  const version = (JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { version: string }).version;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers what a console starts from, in Unleash's shape", async () => {
    const res = await t.http().get('/api/admin/ui-config').set('Authorization', ADMIN_TOKEN).expect(200);
    expect(res.body).toEqual({
      name: expect.any(String),
      version,
      unleashUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      baseUriPath: '',
      versionInfo: { current: { oss: version }, latest: {}, isLatest: true },
      authenticationType: 'open-source',
      disablePasswordAuth: false,
      emailEnabled: false,
      maintenanceMode: false,
      maxSessionsCount: expect.any(Number),
      resourceLimits: {
        constraints: 30,
        constraintValues: 250,
        featureEnvironmentStrategies: 30,
        personalAccessTokens: 10,
        strategySegments: 5,
      },
      flags: { hostUsers: false, inProcessEvaluation: expect.any(Boolean), projectContextFields: true },
    });
  });

  it('needs a login, and an admin credential', async () => {
    expect((await t.http().get('/api/admin/ui-config').expect(401)).body.name).toBe('AuthenticationRequired');
    await t.http().get('/api/admin/ui-config').set('Authorization', FRONTEND_TOKEN).expect(403);
  });
});
