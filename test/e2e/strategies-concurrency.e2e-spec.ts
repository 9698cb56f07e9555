import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { seedFeature, seedProject } from '../helpers/seeds.js';
import { eventsOf } from '../helpers/events.js';
import { createStrategy, isEnabled, strategiesUrl } from './strategies.fixtures.js';

/** What a body turns into once stored, to compare the final strategy with the bodies sent. */
function expectedOf(body: {
  title: string;
  parameters: Record<string, string>;
  constraints: { contextName: string; operator: string; values: string[] }[];
  disabled?: boolean;
}) {
  return {
    title: body.title,
    parameters: body.parameters,
    constraints: body.constraints.map((c) => ({ ...c, caseInsensitive: false, inverted: false })),
    ...(body.disabled === undefined ? {} : { disabled: body.disabled }),
  };
}

describe('concurrent updates of one strategy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedProject(t, 'cp');
  });
  afterAll(async () => {
    await t.close();
  });

  it('50 concurrent PUTs all succeed, the stored strategy is one of them, and the events form one unbroken chain', async () => {
    await seedFeature(t, 'race1', 'cp', ['production']);
    const initial = await createStrategy(t, 'cp', 'race1', 'production', { name: 'default', title: 'start' });
    const url = strategiesUrl('cp', 'race1', 'production', initial.id);
    // Ten distinct bodies sent five times each: many requests change nothing by the time they run.
    const bodies = Array.from({ length: 50 }, (_, i) => ({
      title: `title-${i % 10}`,
      parameters: { level: String(i % 10) },
      constraints: [{ contextName: 'userId', operator: 'IN', values: [`user-${i % 10}`] }],
    }));
    const responses = await Promise.all(bodies.map((body) => t.http().put(url).set('Authorization', ADMIN_TOKEN).send(body)));
    expect(responses.map((r) => r.status)).toEqual(bodies.map(() => 200));
    responses.forEach((response, i) => expect(response.body).toMatchObject({ id: initial.id, ...expectedOf(bodies[i]) }));

    const stored = (await t.http().get(url).set('Authorization', ADMIN_TOKEN).expect(200)).body;
    const matches = bodies.filter((body) => JSON.stringify({ ...stored, ...expectedOf(body) }) === JSON.stringify(stored));
    expect(matches.length).toBeGreaterThan(0);

    const updates = (await eventsOf(t, { feature: 'race1' })).filter((e) => e.type === 'feature-strategy-update');
    expect(updates.length).toBeGreaterThan(0);
    expect(updates.length).toBeLessThanOrEqual(50);
    expect(updates[0].preData).toEqual(initial);
    updates.forEach((event, i) => {
      expect(event.data).not.toEqual(event.preData);
      if (i > 0) expect(event.preData).toEqual(updates[i - 1].data);
    });
    expect(updates.at(-1)!.data).toEqual(stored);
  });

  it('concurrent enables and disables keep the environment switch consistent with the final strategy', async () => {
    await seedFeature(t, 'race2', 'cp', ['production']);
    const initial = await createStrategy(t, 'cp', 'race2', 'production', { name: 'default' });
    const url = strategiesUrl('cp', 'race2', 'production', initial.id);
    const bodies = Array.from({ length: 50 }, (_, i) => ({
      title: `t${i % 3}`,
      disabled: i % 2 === 0,
      parameters: {},
      constraints: [{ contextName: 'a', operator: 'IN', values: ['x'] }],
    }));
    const responses = await Promise.all(bodies.map((body) => t.http().put(url).set('Authorization', ADMIN_TOKEN).send(body)));
    expect(responses.map((r) => r.status)).toEqual(bodies.map(() => 200));
    const stored = (await t.http().get(url).set('Authorization', ADMIN_TOKEN).expect(200)).body;
    expect(bodies.some((body) => body.title === stored.title && body.disabled === stored.disabled)).toBe(true);
    const events = await eventsOf(t, { feature: 'race2' });
    const updates = events.filter((e) => e.type === 'feature-strategy-update');
    updates.forEach((event, i) => {
      if (i > 0) expect(event.preData).toEqual(updates[i - 1].data);
    });
    expect(updates.at(-1)!.data).toEqual(stored);
    // The environment was on and nothing switches it back on: it is off exactly when some update disabled the strategy.
    const disabledEvents = events.filter((e) => e.type === 'feature-environment-disabled');
    const everDisabled = updates.some((e) => (e.data as { disabled: boolean }).disabled);
    expect(disabledEvents).toHaveLength(everDisabled ? 1 : 0);
    expect(await isEnabled(t, 'race2', 'production')).toBe(!everDisabled);
  });

  it('disabling the last two enabled strategies at once switches the environment off', async () => {
    for (let round = 0; round < 5; round++) {
      const feature = `race-both-${round}`;
      await seedFeature(t, feature, 'cp', ['production']);
      const a = await createStrategy(t, 'cp', feature, 'production', { name: 'default' });
      const b = await createStrategy(t, 'cp', feature, 'production', { name: 'default' });
      const responses = await Promise.all(
        [a, b].map((s) =>
          t
            .http()
            .put(strategiesUrl('cp', feature, 'production', s.id))
            .set('Authorization', ADMIN_TOKEN)
            .send({ disabled: true }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual([200, 200]);
      expect(await isEnabled(t, feature, 'production')).toBe(false);
      expect((await eventsOf(t, { feature: feature })).filter((e) => e.type === 'feature-environment-disabled')).toHaveLength(1);
    }
  });

  it('concurrent creates respect the strategy limit', async () => {
    await seedFeature(t, 'race3', 'cp');
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        t
          .http()
          .post(strategiesUrl('cp', 'race3', 'development'))
          .set('Authorization', ADMIN_TOKEN)
          .send({ name: 'default' }),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(30);
    expect(responses.filter((r) => r.status === 400)).toHaveLength(10);
    const count = await t.db.one<{ count: number | string }>(
      `SELECT COUNT(*) AS count FROM flagwright_feature_strategies WHERE feature_name = 'race3'`,
    );
    expect(Number(count?.count)).toBe(30);
  });
});
