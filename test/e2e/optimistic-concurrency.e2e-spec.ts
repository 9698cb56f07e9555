import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedFeature, seedProject } from '../helpers/seeds.js';
import { eventsOf } from '../helpers/events.js';
import { createStrategy, strategiesUrl } from './strategies.fixtures.js';

const CONCURRENT = 200;
const ETAG = /^"[A-Za-z0-9_-]{27}"$/;

describe('optimistic concurrency and concurrent writes', () => {
  let t: TestApp;
  const admin = () => ({
    get: (url: string) => t.http().get(url).set('Authorization', ADMIN_TOKEN),
    put: (url: string, body: unknown, ifMatch?: string) => {
      const request = t.http().put(url).set('Authorization', ADMIN_TOKEN);
      return (ifMatch === undefined ? request : request.set('If-Match', ifMatch)).send(body as object);
    },
    patch: (url: string, body: unknown, ifMatch?: string) => {
      const request = t.http().patch(url).set('Authorization', ADMIN_TOKEN);
      return (ifMatch === undefined ? request : request.set('If-Match', ifMatch)).send(body as object);
    },
    post: (url: string, body?: object) => t.http().post(url).set('Authorization', ADMIN_TOKEN).send(body),
  });

  beforeAll(async () => {
    t = await createTestApp();
    await seedProject(t, 'oc');
  });
  afterAll(() => t.close());

  describe('a strategy', () => {
    let url: string;
    beforeAll(async () => {
      await seedFeature(t, 'oc-strategy', 'oc', ['production']);
      const strategy = await createStrategy(t, 'oc', 'oc-strategy', 'production', { name: 'default', title: 'first' });
      url = strategiesUrl('oc', 'oc-strategy', 'production', strategy.id);
    });

    it('is read with an ETag, which a change moves and answers', async () => {
      const read = await admin().get(url).expect(200);
      expect(read.headers.etag).toMatch(ETAG);
      expect((await admin().get(url).expect(200)).headers.etag).toBe(read.headers.etag);
      const changed = await admin().put(url, { name: 'default', title: 'second' }, read.headers.etag).expect(200);
      expect(changed.body.title).toBe('second');
      expect(changed.headers.etag).not.toBe(read.headers.etag);
      expect((await admin().get(url).expect(200)).headers.etag).toBe(changed.headers.etag);
    });

    it('refuses a PUT or PATCH whose If-Match is stale with 412, and changes nothing', async () => {
      const stale = (await admin().get(url).expect(200)).headers.etag;
      await admin().put(url, { name: 'default', title: 'moved on' }).expect(200);
      const current = await admin().get(url).expect(200);
      const eventsBefore = (await eventsOf(t, { feature: 'oc-strategy' })).length;

      const refused = await admin().put(url, { name: 'default', title: 'lost update' }, stale).expect(412);
      expect(refused.body).toEqual({
        id: expect.any(String),
        name: 'PreconditionFailed',
        message: `The \`If-Match\` header names ${JSON.stringify(stale)}, but the strategy has changed since: its ETag is now ${current.headers.etag}. Read it again, then retry your change.`,
      });
      const patched = await admin()
        .patch(url, [{ op: 'replace', path: '/title', value: 'lost update' }], stale)
        .expect(412);
      expect(patched.body.name).toBe('PreconditionFailed');
      // Comparison is strong: a weak tag never matches, even of the current version.
      await admin().put(url, { name: 'default', title: 'lost update' }, `W/${current.headers.etag}`).expect(412);

      expect((await admin().get(url).expect(200)).body).toEqual(current.body);
      expect((await eventsOf(t, { feature: 'oc-strategy' })).length).toBe(eventsBefore);
    });

    it('takes a current If-Match, a list naming it, or *; without the header, writes as before', async () => {
      const current = (await admin().get(url).expect(200)).headers.etag;
      const listed = await admin()
        .patch(url, [{ op: 'replace', path: '/title', value: 'listed' }], `"other", ${current}`)
        .expect(200);
      await admin().put(url, { name: 'default', title: 'any' }, '*').expect(200);
      await admin().put(url, { name: 'default', title: 'unconditional' }).expect(200);
      expect(listed.headers.etag).toMatch(ETAG);
      expect((await admin().get(url).expect(200)).body.title).toBe('unconditional');
    });

    it(`lets exactly one of ${CONCURRENT} concurrent changes made from the same version through`, async () => {
      const read = await admin().get(url).expect(200);
      const responses = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) => admin().put(url, { name: 'default', title: `racer-${i}` }, read.headers.etag)),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 412)).toHaveLength(CONCURRENT - 1);
      const winner = responses.find((response) => response.status === 200)!;
      expect((await admin().get(url).expect(200)).body).toEqual(winner.body);
    });

    it(`keeps one of ${CONCURRENT} concurrent unconditional PUTs, each recorded by exactly one event`, async () => {
      const before = (await eventsOf(t, { feature: 'oc-strategy' })).length;
      const bodies = Array.from({ length: CONCURRENT }, (_, i) => ({
        name: 'default',
        title: `writer-${i}`,
        parameters: { n: String(i) },
      }));
      const responses = await Promise.all(bodies.map((body) => admin().put(url, body)));
      expect(responses.map((response) => response.status)).toEqual(bodies.map(() => 200));
      const stored = (await admin().get(url).expect(200)).body;
      expect(bodies.map((body) => body.title)).toContain(stored.title);
      expect(stored.parameters.n).toBe(stored.title.replace('writer-', ''));
      const updates = (await eventsOf(t, { feature: 'oc-strategy' })).slice(before);
      expect(updates.map((event) => event.type)).toEqual(bodies.map(() => 'feature-strategy-update'));
      updates.forEach((event, i) => i > 0 && expect(event.preData).toEqual(updates[i - 1].data));
      expect(updates.at(-1)!.data).toEqual(stored);
    });
  });

  describe('a feature', () => {
    const url = '/api/admin/projects/oc/features/oc-feature';
    beforeAll(async () => {
      await seedFeature(t, 'oc-feature', 'oc', []);
    });

    it('is read with the ETag of its settings, which switching an environment does not move', async () => {
      const read = await admin().get(url).expect(200);
      expect(read.headers.etag).toMatch(ETAG);
      await admin().post(`${url}/environments/production/on`).expect(200);
      expect((await admin().get(url).expect(200)).headers.etag).toBe(read.headers.etag);
      const changed = await admin().put(url, { description: 'first' }, read.headers.etag).expect(200);
      expect(changed.headers.etag).not.toBe(read.headers.etag);
      expect((await admin().get(url).expect(200)).headers.etag).toBe(changed.headers.etag);
    });

    it('refuses a stale PUT or PATCH with 412 and keeps the settings', async () => {
      const stale = (await admin().get(url).expect(200)).headers.etag;
      await admin()
        .patch(url, [{ op: 'replace', path: '/description', value: 'second' }])
        .expect(200);
      const current = await admin().get(url).expect(200);
      const refused = await admin().put(url, { description: 'lost' }, stale).expect(412);
      expect(refused.body).toEqual({
        id: expect.any(String),
        name: 'PreconditionFailed',
        message: `The \`If-Match\` header names ${JSON.stringify(stale)}, but the feature has changed since: its ETag is now ${current.headers.etag}. Read it again, then retry your change.`,
      });
      await admin()
        .patch(url, [{ op: 'replace', path: '/description', value: 'lost' }], stale)
        .expect(412);
      expect((await admin().get(url).expect(200)).body.description).toBe('second');
      await admin().put(url, { description: 'third' }, current.headers.etag).expect(200);
    });

    it(`keeps ${CONCURRENT} concurrent switches of an environment consistent with their events`, async () => {
      const before = (await eventsOf(t, { feature: 'oc-feature' })).length;
      const responses = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) => admin().post(`${url}/environments/production/${i % 2 ? 'on' : 'off'}`)),
      );
      expect(new Set(responses.map((response) => response.status))).toEqual(new Set([200]));
      const switches = (await eventsOf(t, { feature: 'oc-feature' })).slice(before).filter((event) => event.environment === 'production');
      // A switch to the state the environment is in writes nothing; each one that changes it writes one event.
      expect(switches.length).toBeLessThanOrEqual(CONCURRENT);
      switches.forEach((event, i) => i > 0 && expect(event.type).not.toBe(switches[i - 1].type));
      const enabled = (await admin().get(url).expect(200)).body.environments.find((e: { name: string }) => e.name === 'production').enabled;
      if (switches.length > 0) expect(switches.at(-1)!.type).toBe(enabled ? 'feature-environment-enabled' : 'feature-environment-disabled');
    });

    it(`keeps one of ${CONCURRENT} concurrent variant replacements, each recorded by exactly one event`, async () => {
      const variantsUrl = `${url}/environments/production/variants`;
      const before = (await eventsOf(t, { feature: 'oc-feature' })).length;
      const bodies = Array.from({ length: CONCURRENT }, (_, i) => [
        { name: `v-${i}`, weight: 1000, weightType: 'variable', stickiness: 'default' },
      ]);
      const responses = await Promise.all(bodies.map((body) => admin().put(variantsUrl, body)));
      expect(responses.map((response) => response.status)).toEqual(bodies.map(() => 200));
      const stored = (await admin().get(variantsUrl).expect(200)).body.variants;
      expect(bodies.map((body) => body[0].name)).toContain(stored[0].name);
      const updates = (await eventsOf(t, { feature: 'oc-feature' })).slice(before);
      expect(updates.map((event) => event.type)).toEqual(bodies.map(() => 'feature-environment-variants-updated'));
      expect(updates.at(-1)!.data).toEqual({ variants: stored });
    });

    it(`adds each of ${CONCURRENT} tags sent at once, once, with one event each`, async () => {
      const before = (await eventsOf(t, { feature: 'oc-feature' })).length;
      const responses = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) =>
          admin().post('/api/admin/features/oc-feature/tags', { type: 'simple', value: `tag-${i}` }),
        ),
      );
      expect(new Set(responses.map((response) => response.status))).toEqual(new Set([201]));
      const tags = (await admin().get('/api/admin/features/oc-feature/tags').expect(200)).body.tags;
      expect(tags).toHaveLength(CONCURRENT);
      const tagged = (await eventsOf(t, { feature: 'oc-feature' })).slice(before);
      expect(tagged.map((event) => event.type)).toEqual(responses.map(() => 'feature-tagged'));
    });
  });
});
