import { DEFAULT_LIMITS } from '../../core/config/flagwright-config.js';
import type { AppError } from '../../core/errors/app-error.js';
import { validatedInput } from '../../core/http/request-validation.pipe.js';
import { toSegmentInput, UpsertSegmentSchema } from './segment.dto.js';

/** A body as the pipe validates it, then as the controller hands it to the service; or the paths of the 400. */
function read(body: unknown) {
  try {
    return toSegmentInput(validatedInput(UpsertSegmentSchema, body, '/body', { limits: DEFAULT_LIMITS }));
  } catch (error) {
    return (error as AppError).details?.map((detail) => detail.path);
  }
}

describe('upsertSegmentSchema', () => {
  it('reads name, description, project and constraints (trimmed name, constraint defaults, values as text)', () => {
    expect(
      read({ name: ' beta ', description: 'd', project: 'p1', constraints: [{ contextName: 'userId', operator: 'IN', values: [1] }] }),
    ).toEqual({
      name: 'beta',
      description: 'd',
      project: 'p1',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['1'], caseInsensitive: false, inverted: false }],
    });
  });

  it('treats null description and project as none', () => {
    expect(read({ name: 'x', description: null, project: null, constraints: [] })).toEqual({
      name: 'x',
      description: null,
      project: null,
      constraints: [],
    });
  });

  it('reports every offending property, unknown ones first', () => {
    expect(read({ name: '  ', description: 1, project: '', constraints: [{ contextName: 'a', operator: 'IN' }], id: 3 })).toEqual([
      '/body/id',
      '/body/name',
      '/body/description',
      '/body/project',
      '/body/constraints/0/values',
    ]);
    expect(read({})).toEqual(['/body/name', '/body/constraints']);
    expect(read('x')).toEqual(['/body']);
  });

  it('applies the configured constraint limit', () => {
    const constraints = Array.from({ length: 3 }, () => ({ contextName: 'a', operator: 'IN', values: ['x'] }));
    expect(() =>
      validatedInput(UpsertSegmentSchema, { name: 'x', constraints }, '/body', {
        limits: { ...DEFAULT_LIMITS, constraintsPerStrategy: 2 },
      }),
    ).toThrow(
      expect.objectContaining({
        details: [expect.objectContaining({ path: '/body/constraints', message: expect.stringContaining('the configured limit is 2') })],
      }),
    );
  });
});
