import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { checkConstraint } from '../../core/constraints/constraint.rules.js';
import { isPlainObject, pointer, type Problems } from '../../core/http/input-problems.js';
import { ListBody } from '../../core/http/request-validation.pipe.js';
import { Details } from '../../core/http/rule.decorator.js';
import { IsUrlSafeName } from '../../core/http/url-safe-name.js';
import type { ContextFieldWithUsage, LegalValue } from './context-field.model.js';

const MAX_DESCRIPTION = 250;
const MAX_LEGAL_VALUE = 100;
const LEGAL_VALUE_KEYS = new Set(['value', 'description']);

@ApiSchema({ name: 'legalValueSchema', description: 'A value a context field accepts. No other properties are accepted.' })
export class LegalValueSchema {
  @ApiProperty({ example: 'gold', minLength: 1, maxLength: MAX_LEGAL_VALUE })
  @IsDefined()
  @IsString()
  @Length(1, MAX_LEGAL_VALUE, { message: `must be from 1 to ${MAX_LEGAL_VALUE} characters long` })
  value: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Customers on the gold plan' })
  @IsOptional()
  @IsString()
  description?: string | null;
}

/** `legalValues`: a list of `{value, description?}`, each value 1 to 100 characters and listed once. */
function checkLegalValueList(input: unknown, path: string, problems: Problems): void {
  if (input === undefined || input === null) return;
  if (!Array.isArray(input)) return problems.invalid(path, 'must be array', input);
  const seen = new Set<string>();
  input.forEach((item, index) => {
    const at = pointer(path, index);
    if (!isPlainObject(item)) return problems.invalid(at, 'must be object', item);
    problems.onlyKnown(item, LEGAL_VALUE_KEYS, at);
    const { value, description } = item;
    if (value === undefined) problems.required(`${at}/value`);
    else if (typeof value !== 'string' || value.length < 1 || value.length > MAX_LEGAL_VALUE)
      problems.invalid(`${at}/value`, `must be a string of 1 to ${MAX_LEGAL_VALUE} characters`, value);
    else if (seen.has(value)) problems.invalid(`${at}/value`, 'must be unique: the list has this value already', value);
    else seen.add(value);
    if (description !== undefined && description !== null && typeof description !== 'string')
      problems.invalid(`${at}/description`, 'must be a string', description);
  });
}

/** The properties a create and an update share (Unleash's updateContextFieldSchema, without the name). */
class ContextFieldProperties {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_DESCRIPTION, example: "The user's subscription tier" })
  @IsOptional()
  @IsString()
  @Length(0, MAX_DESCRIPTION, { message: `must be at most ${MAX_DESCRIPTION} characters long` })
  description?: string | null;

  @ApiPropertyOptional({ description: 'Whether the field can be used for custom stickiness; default false' })
  @IsOptional()
  @IsBoolean()
  stickiness?: boolean;

  @ApiPropertyOptional({ description: 'Where the field goes in lists sorted by it; default 0', example: 2 })
  @IsOptional()
  @IsInt()
  @Min(-2_147_483_648)
  @Max(2_147_483_647)
  sortOrder?: number;

  @ApiPropertyOptional({ type: [LegalValueSchema], description: 'The values the field accepts; none: any value', nullable: true })
  @Details('legalValueList', (value, path, problems) => checkLegalValueList(value, path, problems))
  legalValues?: { value: string; description?: string | null }[] | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'The project the field belongs to; null or omitted: a root field, usable in every project',
    example: 'my-project',
  })
  @IsOptional()
  @IsString()
  @Length(1, 100, { message: 'must be a project id' })
  project?: string | null;
}
@ApiSchema({ name: 'updateContextFieldSchema', description: 'No other properties are accepted.' })
export class UpdateContextFieldSchema extends ContextFieldProperties {
  @ApiPropertyOptional({
    description: 'If given, must be the name in the URL: a context field cannot be renamed',
    example: 'subscriptionTier',
  })
  @IsOptional()
  @IsString()
  name?: string;
}

@ApiSchema({ name: 'createContextFieldSchema', description: 'No other properties are accepted.' })
export class CreateContextFieldSchema extends ContextFieldProperties {
  @ApiProperty({ description: 'Unique and URL-safe', example: 'subscriptionTier', minLength: 1, maxLength: 100 })
  @IsUrlSafeName()
  name: string;
}

/** Legal values as stored: a description only when one was given (Unleash keeps `{value}` alone otherwise). */
export function toLegalValues(input: readonly { value: string; description?: string | null }[] | null | undefined): LegalValue[] {
  return (input ?? []).map(({ value, description }) =>
    description === undefined || description === null ? { value } : { value, description },
  );
}

@ApiSchema({ name: 'contextFieldSchema' })
export class ContextFieldSchema {
  @ApiProperty({ example: 'userId' }) name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty() stickiness: boolean;
  @ApiProperty() sortOrder: number;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) createdAt: string | null;
  @ApiProperty({ description: 'Flags (not archived) whose strategies have a constraint on the field', minimum: 0 }) usedInFeatures: number;
  @ApiProperty({ description: 'Projects with such flags', minimum: 0 }) usedInProjects: number;
  @ApiProperty({ type: [LegalValueSchema] }) legalValues: LegalValueSchema[];
  @ApiPropertyOptional({ description: 'Only for a field of one project', example: 'my-project' }) project?: string;
}

/** A field as the API shows it: `project` only for a project's field, as Unleash answers. */
export function toContextFieldSchema(field: ContextFieldWithUsage): ContextFieldSchema {
  const { project, ...rest } = field;
  return project === null ? rest : { ...rest, project };
}

export class ContextFieldStrategySchema {
  @ApiProperty() id: string;
  @ApiProperty() projectId: string;
  @ApiProperty() featureName: string;
  @ApiProperty() strategyName: string;
  @ApiProperty() environment: string;
}

@ApiSchema({ name: 'contextFieldStrategiesSchema' })
export class ContextFieldStrategiesSchema {
  @ApiProperty({ type: [ContextFieldStrategySchema] }) strategies: ContextFieldStrategySchema[];
}

export class ContextFieldsQuery {
  @ApiPropertyOptional({
    description:
      'At the root: `project` adds every project-specific field. Under a project: `root` adds the root fields. Other values change nothing.',
    example: 'project',
  })
  @IsOptional()
  @IsString()
  include?: string;
}

/** The body of `POST /api/admin/constraints/validate`: one constraint, checked by the rule every constraint list uses. */
@ListBody()
export class ConstraintBody {
  @Details('constraintBody', (value, path, problems, { limits }) => checkConstraint(value, path, limits.valuesPerConstraint, problems))
  items: Record<string, unknown>;
}
