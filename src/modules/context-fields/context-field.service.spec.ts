import { testConfig } from '../../core/testing/config.js';
import { failure } from '../../core/testing/failure.js';
import { fakeDatabase } from '../../core/testing/fake-database.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { ACTOR } from '../../core/testing/principals.js';
import { Problems } from '../../core/http/input-problems.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import type { CreateContextFieldSchema } from './context-field.dto.js';
import { ContextFieldService } from './context-field.service.js';
import { FakeContextFieldReadModel, fakeConstraintChecker } from './testing/context-field-read-model.fake.js';
import { FakeContextFieldStore } from './testing/context-field-store.fake.js';

function setup() {
  const store = new FakeContextFieldStore();
  const readModel = new FakeContextFieldReadModel(['default', 'p1', 'p2']);
  const { events, eventStore } = recordingEvents();
  const service = new ContextFieldService(store, readModel, events, fakeDatabase(), new FixedClock(), testConfig());
  return { service, store, readModel, recorded: eventStore.recorded };
}

const body = (fields: Partial<CreateContextFieldSchema> & { name: string }) => fields as CreateContextFieldSchema;

describe('ContextFieldService', () => {
  it('creates a field with its defaults and records context-field-created', async () => {
    const { service, recorded } = setup();
    const created = await service.create(body({ name: 'tier', legalValues: [{ value: 'gold', description: null }] }), ACTOR);
    expect(created).toEqual({
      name: 'tier',
      description: null,
      stickiness: false,
      sortOrder: 0,
      legalValues: [{ value: 'gold' }],
      project: null,
      createdAt: '2024-05-01T10:00:00.000Z',
      usedInFeatures: 0,
      usedInProjects: 0,
    });
    expect(recorded).toEqual([
      { type: 'context-field-created', actor: ACTOR, project: undefined, data: expect.objectContaining({ name: 'tier' }) },
    ]);
  });

  it('answers 409 for a taken name and 400 for a project that does not exist', async () => {
    const { service } = setup();
    await service.create(body({ name: 'tier' }), ACTOR);
    expect(await failure(service.create(body({ name: 'tier' }), ACTOR))).toMatchObject({
      name: 'NameExistsError',
      message: 'A context field with that name already exist',
    });
    expect((await failure(service.create(body({ name: 'x', project: 'nope' }), ACTOR))).details).toEqual([
      { path: '/body/project', message: expect.stringContaining('must be the id of an existing project') },
    ]);
  });

  it('refuses a rename, and replaces what an update omits', async () => {
    const { service, store, recorded } = setup();
    await service.create(body({ name: 'tier', stickiness: true, sortOrder: 3, description: 'd' }), ACTOR);
    expect((await failure(service.update('tier', { name: 'other' }, ACTOR))).details?.[0].path).toBe('/body/name');
    await service.update('tier', { name: 'tier', description: 'new' }, ACTOR);
    expect(store.rows[0]).toMatchObject({ name: 'tier', description: 'new', stickiness: false, sortOrder: 0 });
    expect(recorded.at(-1)).toMatchObject({ type: 'context-field-updated', data: { description: 'new' }, preData: { description: 'd' } });
  });

  it('adds, re-describes and removes legal values; a change to nothing records nothing', async () => {
    const { service, store, recorded } = setup();
    await service.create(body({ name: 'plan' }), ACTOR);
    await service.upsertLegalValue('plan', { value: 'free' }, ACTOR);
    await service.upsertLegalValue('plan', { value: 'free', description: 'No cost' }, ACTOR);
    expect(store.rows[0].legalValues).toEqual([{ value: 'free', description: 'No cost' }]);
    await service.deleteLegalValue('plan', 'missing', ACTOR);
    await service.deleteLegalValue('plan', 'free', ACTOR);
    expect(store.rows[0].legalValues).toEqual([]);
    expect(recorded.map((event) => event.type)).toEqual([
      'context-field-created',
      'context-field-updated',
      'context-field-updated',
      'context-field-updated',
    ]);
  });

  it('refuses (409) to delete a field that strategies use, and deletes it once they do not', async () => {
    const { service, store, readModel, recorded } = setup();
    await service.create(body({ name: 'device' }), ACTOR);
    readModel.use('device', 'default', 'f1');
    expect(await failure(service.delete('device', ACTOR))).toMatchObject({
      name: 'ConflictError',
      message: 'This context field is in use by existing flags. To delete it, first remove its usage from all flags.',
    });
    expect(await service.get('device')).toMatchObject({ usedInFeatures: 1, usedInProjects: 1 });
    readModel.strategiesByField.clear();
    await service.delete('device', ACTOR);
    expect(store.rows).toEqual([]);
    expect(recorded.at(-1)).toMatchObject({ type: 'context-field-deleted', preData: { name: 'device' } });
    expect(await failure(service.delete('device', ACTOR))).toMatchObject({ name: 'NotFoundError' });
  });

  it("keeps a project's fields to its routes, and lists by scope", async () => {
    const { service } = setup();
    await service.create(body({ name: 'root-field' }), ACTOR);
    await service.create(body({ name: 'p1-field' }), ACTOR, 'p1');
    expect((await service.list({})).map((field) => field.name)).toEqual(['root-field']);
    expect((await service.list({ include: 'project' })).map((field) => field.name)).toEqual(['p1-field', 'root-field']);
    expect((await service.list({ projectId: 'p1' })).map((field) => field.name)).toEqual(['p1-field']);
    expect((await service.list({ projectId: 'p1', include: 'root' })).map((field) => field.name)).toEqual(['p1-field', 'root-field']);
    expect(await failure(service.get('p1-field', 'p2'))).toMatchObject({ message: 'Could not find context field p1-field in project p2' });
    expect(await failure(service.update('root-field', {}, ACTOR, 'p1'))).toMatchObject({ name: 'NotFoundError' });
    expect((await failure(service.create(body({ name: 'x', project: 'p2' }), ACTOR, 'p1'))).details?.[0].path).toBe('/body/project');
    expect(await failure(service.create(body({ name: 'y' }), ACTOR, 'nope'))).toMatchObject({ message: 'Could not find project nope' });
  });

  it('validates a name with the create rules, then its uniqueness', async () => {
    const { service } = setup();
    await service.create(body({ name: 'taken' }), ACTOR);
    await service.validateName('free');
    expect((await failure(service.validateName('has space'))).details?.[0].path).toBe('/body/name');
    expect(await failure(service.validateName('taken'))).toMatchObject({ name: 'NameExistsError' });
  });
});

describe('ConstraintChecker', () => {
  it('checks values of fields that have legal values: `values` for list operators, `value` for single-value ones', async () => {
    const readModel = new FakeContextFieldReadModel();
    readModel.legal.set('country', [{ value: 'NO' }, { value: 'SE' }]);
    const checker = fakeConstraintChecker(readModel);
    const problems = new Problems();
    const constraint = (operator: string, values: string[], value?: string) =>
      ({ contextName: 'country', operator, values, value, caseInsensitive: false, inverted: false }) as never;
    await checker.checkLegalValues(
      [
        constraint('IN', ['NO', 'DK']),
        constraint('NUM_EQ', [], 'SE'),
        constraint('NUM_EQ', [], 'FI'),
        { ...(constraint('IN', ['x']) as object), contextName: 'free' } as never,
      ],
      '/body/constraints',
      problems,
    );
    expect(problems.details.map((detail) => detail.path)).toEqual(['/body/constraints/0/values/1', '/body/constraints/2/value']);
  });
});
