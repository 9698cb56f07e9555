import { failure } from '../../core/testing/failure.js';
import { fakeDatabase } from '../../core/testing/fake-database.js';
import { ACTOR } from '../../core/testing/principals.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import { EnvironmentService } from './environment.service.js';
import { FakeEnvironmentReadModel } from './testing/environment-read-model.fake.js';
import { FakeEnvironmentStore } from './testing/environment-store.fake.js';
import { FakeEnvironmentGrants, FakeProjectFeatureStates } from './testing/project-feature-states.fake.js';

function setup() {
  const store = new FakeEnvironmentStore();
  store.projects.set('p1', new Set(['development']));
  const { events, eventStore } = recordingEvents();
  const featureStates = new FakeProjectFeatureStates();
  const grants = new FakeEnvironmentGrants();
  const service = new EnvironmentService(
    store,
    new FakeEnvironmentReadModel(store),
    fakeDatabase(),
    events,
    new FixedClock(),
    featureStates,
    grants,
  );
  return { service, store, featureStates, grants, recorded: eventStore.recorded };
}

describe('EnvironmentService', () => {
  it('creates an environment enabled, last in order by default, with no counts, and records it', async () => {
    const { service, recorded } = setup();
    expect(await service.create({ name: 'qa', type: 'test' }, ACTOR)).toEqual({
      name: 'qa',
      type: 'test',
      sortOrder: 9999,
      enabled: true,
      protected: false,
      projectCount: 0,
      apiTokenCount: 0,
      enabledToggleCount: 0,
    });
    expect(recorded).toEqual([
      {
        type: 'environment-created',
        actor: ACTOR,
        environment: 'qa',
        data: { name: 'qa', type: 'test', sortOrder: 9999, enabled: true, protected: false },
      },
    ]);
    expect(await failure(service.create({ name: 'qa', type: 'test' }, ACTOR))).toMatchObject({
      name: 'NameExistsError',
      message: 'Environment qa already exists',
    });
  });

  it('enables an environment in a project once (409 the second time) and disables it again', async () => {
    const { service, store, featureStates, recorded } = setup();
    await service.enableInProject('p1', 'production', ACTOR);
    expect([...store.projects.get('p1')!]).toEqual(['development', 'production']);
    expect((await failure(service.enableInProject('p1', 'production', ACTOR))).message).toBe(
      'p1 already has the environment production enabled',
    );
    await service.disableInProject('p1', 'production', ACTOR);
    expect((await failure(service.disableInProject('p1', 'production', ACTOR))).message).toBe(
      'Could not find environment production in project p1',
    );
    expect(recorded.map((event) => [event.type, event.project, event.environment])).toEqual([
      ['project-environment-added', 'p1', 'production'],
      ['project-environment-removed', 'p1', 'production'],
    ]);
    expect(featureStates.calls).toEqual(['add p1 production', 'remove p1 production']);
  });

  it('names the project first, then the environment, when one is missing', async () => {
    const { service } = setup();
    expect((await failure(service.enableInProject('nope', 'nowhere', ACTOR))).message).toBe('Could not find project nope');
    expect((await failure(service.enableInProject('p1', 'nowhere', ACTOR))).message).toBe('Could not find environment nowhere');
    expect((await failure(service.forProject('nope'))).message).toBe('Could not find project nope');
    expect((await failure(service.get('nowhere'))).message).toBe('Could not find environment nowhere');
    expect((await service.forProject('p1')).map((environment) => [environment.name, environment.visible])).toEqual([
      ['development', true],
      ['production', false],
    ]);
  });
});
