import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { UUID } from './strategies.fixtures.js';

const ERROR_ID = expect.stringMatching(UUID);

/** The routes a form calls before saving: each answers what the save would refuse, with the save's own answer. */
describe('validation before save', () => {
  let t: TestApp;
  const post = (url: string, body: unknown) =>
    t
      .http()
      .post(url)
      .set('Authorization', ADMIN_TOKEN)
      .send(body as object);
  /** The save's refusal and the validation's, which must be the same but for the error id. */
  const sameRefusal = async (validate: [string, unknown], save: [string, unknown], status: number) => {
    const refused = (await post(...validate).expect(status)).body;
    const saved = (await post(...save).expect(status)).body;
    expect(refused).toEqual({ ...saved, id: ERROR_ID });
    return refused;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/admin/features/validate', () => {
    const create = (name: unknown) => ['/api/admin/projects/default/features', { name }] as [string, unknown];
    const validate = (name: unknown) => ['/api/admin/features/validate', { name, projectId: 'default' }] as [string, unknown];

    it('answers 200 for a free name, and writes nothing', async () => {
      const res = await post(...validate('fresh-flag')).expect(200);
      expect(res.text).toBe('');
      await t.http().get('/api/admin/projects/default/features/fresh-flag').set('Authorization', ADMIN_TOKEN).expect(404);
    });

    it('answers 409 as the create does, for a live and an archived flag', async () => {
      await post(...create('live-flag')).expect(201);
      expect(await sameRefusal(validate('live-flag'), create('live-flag'), 409)).toMatchObject({
        name: 'NameExistsError',
        message: 'A flag with the name live-flag already exists',
      });
      await post(...create('old-flag')).expect(201);
      await t.http().delete('/api/admin/projects/default/features/old-flag').set('Authorization', ADMIN_TOKEN).expect(202);
      expect((await sameRefusal(validate('old-flag'), create('old-flag'), 409)).message).toBe(
        'An archived flag with the name old-flag already exists',
      );
    });

    it('answers 400 naming /body/name as the create does', async () => {
      for (const name of ['has space', '', 'x'.repeat(101)]) {
        const refused = await sameRefusal(validate(name), create(name), 400);
        expect(refused.details.map((detail: { path: string }) => detail.path)).toEqual(['/body/name']);
      }
      expect((await post('/api/admin/features/validate', {}).expect(400)).body.details[0].path).toBe('/body/name');
      expect((await post('/api/admin/features/validate', { name: 'a', other: 1 }).expect(400)).body.details[0].path).toBe('/body/other');
    });
  });

  describe('POST /api/admin/segments/validate', () => {
    const create = (name: unknown) => ['/api/admin/segments', { name, constraints: [] }] as [string, unknown];
    const validate = (name: unknown) => ['/api/admin/segments/validate', { name }] as [string, unknown];

    it('answers 204 for a free name, 409 and 400 as the create does', async () => {
      expect((await post(...validate('fresh-segment')).expect(204)).text).toBe('');
      await post(...create('taken-segment')).expect(201);
      expect(await sameRefusal(validate('taken-segment'), create('taken-segment'), 409)).toMatchObject({ name: 'NameExistsError' });
      // The create trims the name, so does the validation.
      expect((await post(...validate(' taken-segment ')).expect(409)).body.name).toBe('NameExistsError');
      expect((await sameRefusal(validate('   '), create('   '), 400)).details[0].path).toBe('/body/name');
    });
  });
});
