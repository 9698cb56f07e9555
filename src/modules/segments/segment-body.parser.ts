import type { FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { parseConstraints } from '../../core/constraints/constraint.parser.js';
import { isPlainObject, Problems } from '../../core/http/input-problems.js';
import type { SegmentInput } from './segment.model.js';

const KEYS = new Set(['name', 'description', 'project', 'constraints']);
const MAX_NAME_LENGTH = 255;

type Limits = Pick<FlagwrightConfig['limits'], 'constraintsPerStrategy' | 'valuesPerConstraint'>;

/**
 * `upsertSegmentSchema`: `{name, description?, project?, constraints}`. Constraints follow the strategy rules
 * (operators, values, limits); unknown properties are refused. Every offending property is reported.
 */
export function parseSegmentBody(body: unknown, limits: Limits): { input: SegmentInput; problems: Problems } {
  const problems = new Problems();
  const input: SegmentInput = { name: '', description: null, project: null, constraints: [] };
  if (!isPlainObject(body)) {
    problems.invalid('/body', 'must be object', body);
    return { input, problems };
  }
  problems.onlyKnown(body, KEYS, '/body');
  const { name, description, project, constraints } = body;
  if (name === undefined) problems.required('/body/name');
  else if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME_LENGTH) {
    problems.invalid('/body/name', `must be a non-empty string of at most ${MAX_NAME_LENGTH} characters`, name);
  } else input.name = name.trim();
  if (typeof description === 'string') input.description = description;
  else if (description !== undefined && description !== null)
    problems.invalid('/body/description', 'must be a string or null', description);
  if (typeof project === 'string' && project !== '') input.project = project;
  else if (project !== undefined && project !== null) problems.invalid('/body/project', 'must be a project id or null', project);
  if (constraints === undefined) problems.required('/body/constraints');
  else
    input.constraints = parseConstraints(
      constraints,
      '/body/constraints',
      { constraints: limits.constraintsPerStrategy, valuesPerConstraint: limits.valuesPerConstraint },
      problems,
    );
  return { input, problems };
}
