import { plainToInstance } from 'class-transformer';
import { DEFAULT_LIMITS } from '../../core/config/flagwright-config.js';
import type { AppError } from '../../core/errors/app-error.js';
import { Problems } from '../../core/http/input-problems.js';
import { validatedInput } from '../../core/http/request-validation.pipe.js';
import { checkParametersAgainstType, toStrategyChanges } from './strategy-body.rules.js';
import { CreateFeatureStrategySchema, UpdateFeatureStrategySchema } from './strategy.dto.js';
import type { StrategyType } from './strategy.model.js';

const LIMITS = DEFAULT_LIMITS;

/** A body as the pipe validates it for the route, then as the controller hands it to the service. */
function parseStrategyBody(body: unknown, mode: 'create' | 'update', limits: typeof LIMITS) {
  const metatype = mode === 'create' ? CreateFeatureStrategySchema : UpdateFeatureStrategySchema;
  try {
    return { changes: toStrategyChanges(validatedInput(metatype, body, '/body', { limits })), problems: { details: [] } };
  } catch (error) {
    return { changes: undefined, problems: { details: (error as AppError).details ?? [] } };
  }
}

describe('strategy body rules', () => {
  it('ignores unknown top-level properties and tells "omitted" from null', () => {
    const { changes, problems } = parseStrategyBody({ id: 'x', featureName: 'f', foo: 1, title: null, disabled: null }, 'update', LIMITS);
    expect(problems.details).toEqual([]);
    expect(changes).toEqual({ title: null, constraints: [], parameters: {}, variants: [] });
  });

  it('reads every property of the update', () => {
    const { changes, problems } = parseStrategyBody(
      { name: 'default', sortOrder: 3, title: 'T', disabled: true, parameters: { a: 'x', b: 2, c: false }, segments: [3, 1] },
      'update',
      LIMITS,
    );
    expect(problems.details).toEqual([]);
    expect(changes).toEqual({
      name: 'default',
      sortOrder: 3,
      title: 'T',
      disabled: true,
      parameters: { a: 'x', b: '2', c: 'false' },
      segments: [3, 1],
      constraints: [],
      variants: [],
    });
  });

  it('reports every offending property', () => {
    const { problems } = parseStrategyBody(
      { name: 5, sortOrder: 1.5, title: 7, disabled: 'yes', parameters: { a: null, b: { c: 1 }, d: [1] }, segments: [1, 1, 'x', 0] },
      'update',
      LIMITS,
    );
    expect(problems.details.map((d) => d.path)).toEqual([
      '/body/parameters/a',
      '/body/parameters/b',
      '/body/parameters/d',
      '/body/name',
      '/body/title',
      '/body/disabled',
      '/body/sortOrder',
      '/body/segments/1',
      '/body/segments/2',
      '/body/segments/3',
    ]);
  });

  it('refuses parameters that are not an object, and a body that is not an object', () => {
    expect(parseStrategyBody({ parameters: ['a'] }, 'update', LIMITS).problems.details.map((d) => d.path)).toEqual(['/body/parameters']);
    const notObject = parseStrategyBody([], 'update', LIMITS).problems.details;
    expect(notObject).toEqual([{ path: '/body', message: 'The `/body` property must be object. You sent [].' }]);
  });

  it('needs a name on create and applies the segment limit', () => {
    const { problems } = parseStrategyBody({ segments: [1, 2, 3] }, 'create', { ...LIMITS, segmentsPerStrategy: 2 });
    expect(problems.details.map((d) => d.path)).toEqual(['/body/name', '/body/segments']);
    expect(problems.details[1].message).toContain('more than 2 segments');
  });

  it('builds, without class-transformer, the instance class-transformer would (the bodies declare no nested class)', () => {
    const body = {
      name: 'flexibleRollout',
      title: 'T',
      disabled: false,
      sortOrder: 2,
      parameters: { rollout: '50', stickiness: 'userId', groupId: 'g' },
      constraints: [{ contextName: 'appName', operator: 'IN', values: ['web', 'app'], caseInsensitive: true }],
      variants: [{ name: 'a', weight: 0, weightType: 'variable', stickiness: 'default', payload: { type: 'json', value: '{"x":1}' } }],
      segments: [1, 2],
    };
    for (const metatype of [CreateFeatureStrategySchema, UpdateFeatureStrategySchema]) {
      const built = validatedInput(metatype, body, '/body', { limits: LIMITS });
      expect(built).toBeInstanceOf(metatype);
      expect(built).toStrictEqual(plainToInstance(metatype, body));
    }
  });
});

describe('checkParametersAgainstType', () => {
  const type: StrategyType = {
    name: 'tenant',
    displayName: null,
    description: null,
    editable: true,
    deprecated: false,
    parameters: [
      { name: 'ids', type: 'list', description: '', required: true },
      { name: 'share', type: 'percentage', description: '', required: false },
      { name: 'max', type: 'number', description: '', required: false },
      { name: 'pilot', type: 'boolean', description: '', required: false },
      { name: 'note', type: 'string', description: '', required: true },
    ],
  };
  const check = (parameters: Record<string, string>) => {
    const problems = new Problems();
    checkParametersAgainstType(parameters, type, '/body/parameters', problems);
    return problems.details;
  };

  it('accepts values of each kind at their bounds, empty optional values and parameters the type does not define', () => {
    expect(check({ ids: 'a', share: '0', max: '-0.5', pilot: 'false', note: ' ', other: 'x' })).toEqual([]);
    expect(check({ ids: 'a, b ,c', share: '100', max: '12', pilot: 'true', note: 'n' })).toEqual([]);
    expect(check({ ids: 'a', share: '', max: '', pilot: '', note: 'n' })).toEqual([]);
  });

  it('names each parameter that is missing, empty or not of its kind', () => {
    expect(check({ ids: ' , a', share: '100.5', max: '1e3', pilot: 'TRUE', note: '' })).toEqual([
      {
        path: '/body/parameters/ids',
        message:
          'The `/body/parameters/ids` property must be a comma-separated list without empty entries: it is a list parameter of strategy type tenant. You sent " , a".',
      },
      {
        path: '/body/parameters/share',
        message:
          'The `/body/parameters/share` property must be a number from 0 to 100: it is a percentage parameter of strategy type tenant. You sent "100.5".',
      },
      {
        path: '/body/parameters/max',
        message:
          'The `/body/parameters/max` property must be a number (digits, an optional minus sign and decimal point): it is a number parameter of strategy type tenant. You sent "1e3".',
      },
      {
        path: '/body/parameters/pilot',
        message:
          'The `/body/parameters/pilot` property must be true or false: it is a boolean parameter of strategy type tenant. You sent "TRUE".',
      },
      {
        path: '/body/parameters/note',
        message: 'The `/body/parameters/note` property must not be empty: it is a required parameter of strategy type tenant. You sent "".',
      },
    ]);
    expect(check({ share: '-1' }).map((d) => d.path)).toEqual(['/body/parameters/ids', '/body/parameters/share', '/body/parameters/note']);
    expect(check({ note: 'n' })).toEqual([
      {
        path: '/body/parameters/ids',
        message: 'The `/body/parameters/ids` property is required by strategy type tenant. It was not present on the data you sent.',
      },
    ]);
  });
});
