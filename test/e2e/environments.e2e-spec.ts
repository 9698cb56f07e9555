import { ROLE } from '../../src/core/access/permissions.js';
import { lastEventOf } from '../helpers/events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { admin, createFeature, createProject, userWithRole, UUID } from './features.fixtures.js';

describe('environments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the environments by sort order with their counts', async () => {
    const res = await admin(t).get('/api/admin/environments').expect(200);
    expect(res.body).toEqual({
      version: 1,
      environments: [
        {
          name: 'development',
          type: 'development',
          enabled: true,
          protected: false,
          sortOrder: 2,
          projectCount: 1,
          apiTokenCount: 2,
          enabledToggleCount: 0,
        },
        {
          name: 'production',
          type: 'production',
          enabled: true,
          protected: false,
          sortOrder: 3,
          projectCount: 1,
          apiTokenCount: 0,
          enabledToggleCount: 0,
        },
      ],
    });
  });

  it('creates an environment (not yet in any project) and records it', async () => {
    const res = await admin(t).post('/api/admin/environments', { name: 'staging', type: 'preproduction', sortOrder: 1 }).expect(201);
    expect(res.body).toEqual({
      name: 'staging',
      type: 'preproduction',
      enabled: true,
      protected: false,
      sortOrder: 1,
      projectCount: 0,
      apiTokenCount: 0,
      enabledToggleCount: 0,
    });
    const one = await admin(t).get('/api/admin/environments/staging').expect(200);
    expect(one.body).toEqual(res.body);
    const list = await admin(t).get('/api/admin/environments').expect(200);
    expect(list.body.environments.map((e: { name: string }) => e.name)).toEqual(['staging', 'development', 'production']);
    const event = await admin(t).get('/api/admin/events?type=environment-created').expect(200);
    expect(event.body.events[0]).toMatchObject({
      type: 'environment-created',
      environment: 'staging',
      data: { name: 'staging', type: 'preproduction', sortOrder: 1, enabled: true },
    });
  });

  it('answers 409 for a taken name, 400 for invalid bodies and 404 for an unknown environment', async () => {
    const taken = await admin(t).post('/api/admin/environments', { name: 'staging', type: 'test' }).expect(409);
    expect(taken.body).toEqual({ id: expect.stringMatching(UUID), name: 'NameExistsError', message: 'Environment staging already exists' });
    const invalid = await admin(t).post('/api/admin/environments', { name: 'bad name', sortOrder: 'first' }).expect(400);
    expect(invalid.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['/body/name', '/body/sortOrder', '/body/type']);
    const missing = await admin(t).get('/api/admin/environments/nowhere').expect(404);
    expect(missing.body.message).toBe('Could not find environment nowhere');
  });

  it('lets only holders of CREATE_ENVIRONMENT create environments', async () => {
    const editor = await userWithRole(t, 'env-editor', ROLE.EDITOR);
    const res = await t.http().post('/api/admin/environments').set('Cookie', editor.cookie).send({ name: 'qa', type: 'test' }).expect(403);
    expect(res.body.message).toBe(
      'You don\'t have the required permissions to perform this operation. To perform this action, you need the "CREATE_ENVIRONMENT" permission.',
    );
    await t.http().get('/api/admin/environments').set('Cookie', editor.cookie).expect(200);
  });

  describe('in a project', () => {
    beforeAll(async () => {
      await createProject(t, 'envs');
      await createFeature(t, 'envs', 'envs-a');
      await createFeature(t, 'envs', 'envs-b');
      await admin(t).post('/api/admin/environments', { name: 'review', type: 'test', sortOrder: 0 }).expect(201);
    });

    it('gave the project every environment there was when it was created', async () => {
      const project = await admin(t).get('/api/admin/projects/envs').expect(200);
      expect(project.body.environments).toEqual([
        { environment: 'staging' },
        { environment: 'development' },
        { environment: 'production' },
      ]);
    });

    const rowsOf = (environment: string) =>
      t.db.query<{ feature_name: string; enabled: unknown }>(
        "SELECT feature_name, enabled FROM flagwright_feature_environments WHERE environment = :environment AND feature_name LIKE 'envs-%' ORDER BY feature_name",
        { environment },
      );

    it('enables an environment for a project, giving every feature of the project its switched-off state there', async () => {
      await admin(t).post('/api/admin/projects/envs/environments', { environment: 'review' }).expect(200);
      expect((await rowsOf('review')).map((r) => r.feature_name)).toEqual(['envs-a', 'envs-b']);
      const feature = await admin(t).get('/api/admin/projects/envs/features/envs-a').expect(200);
      expect(feature.body.environments.map((e: { name: string; enabled: boolean }) => [e.name, e.enabled])).toEqual([
        ['review', false],
        ['staging', false],
        ['development', false],
        ['production', false],
      ]);
      const event = await lastEventOf(t, { project: 'envs' });
      expect(event).toMatchObject({ type: 'project-environment-added', project: 'envs', environment: 'review' });
      const project = await admin(t).get('/api/admin/environments/project/envs').expect(200);
      expect(project.body.environments.map((e: { name: string; visible: boolean }) => [e.name, e.visible])).toEqual([
        ['review', true],
        ['staging', true],
        ['development', true],
        ['production', true],
      ]);
    });

    it('answers 409 when the project has it already, 404 for unknown project or environment, 400 without environment', async () => {
      const again = await admin(t).post('/api/admin/projects/envs/environments', { environment: 'review' }).expect(409);
      expect(again.body.message).toBe('envs already has the environment review enabled');
      const noProject = await admin(t).post('/api/admin/projects/p9/environments', { environment: 'review' }).expect(404);
      expect(noProject.body.message).toBe('Could not find project p9');
      const noEnvironment = await admin(t).post('/api/admin/projects/envs/environments', { environment: 'nowhere' }).expect(404);
      expect(noEnvironment.body.message).toBe('Could not find environment nowhere');
      const invalid = await admin(t).post('/api/admin/projects/envs/environments', {}).expect(400);
      expect(invalid.body.details).toEqual([
        { path: '/body/environment', message: 'The `/body/environment` property is required. It was not present on the data you sent.' },
      ]);
    });

    it('disables an environment for a project, removing its features’ state and strategies there', async () => {
      await admin(t).post('/api/admin/projects/envs/features/envs-a/environments/review/on').expect(200);
      expect(
        await t.db.query("SELECT id FROM flagwright_feature_strategies WHERE feature_name = 'envs-a' AND environment = 'review'"),
      ).toHaveLength(1);
      await admin(t).delete('/api/admin/projects/envs/environments/review').expect(200);
      expect(await rowsOf('review')).toEqual([]);
      expect(
        await t.db.query("SELECT id FROM flagwright_feature_strategies WHERE feature_name = 'envs-a' AND environment = 'review'"),
      ).toEqual([]);
      const event = await lastEventOf(t, { project: 'envs' });
      expect(event).toMatchObject({ type: 'project-environment-removed', project: 'envs', environment: 'review' });
      const again = await admin(t).delete('/api/admin/projects/envs/environments/review').expect(404);
      expect(again.body.message).toBe('Could not find environment review in project envs');
      const feature = await admin(t).get('/api/admin/projects/envs/features/envs-a').expect(200);
      expect(feature.body.environments.map((e: { name: string }) => e.name)).toEqual(['staging', 'development', 'production']);
    });

    it('needs UPDATE_PROJECT in that project', async () => {
      const editor = await userWithRole(t, 'env-project-editor', ROLE.EDITOR);
      const res = await t
        .http()
        .post('/api/admin/projects/envs/environments')
        .set('Cookie', editor.cookie)
        .send({ environment: 'review' })
        .expect(403);
      expect(res.body.message).toBe(
        'You don\'t have the required permissions to perform this operation. To perform this action, you need the "UPDATE_PROJECT" permission of the "envs" project.',
      );
    });
  });
});
