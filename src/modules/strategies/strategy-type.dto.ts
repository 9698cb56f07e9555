import { ApiProperty, ApiPropertyOptional, ApiSchema, PickType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  Length,
  Matches,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { IgnoreUnknownTopLevelProperties } from '../../core/http/request-validation.pipe.js';
import { IsUrlSafeName } from '../../core/http/url-safe-name.js';
import { SDK_LEGACY_STRATEGY_NAMES, STRATEGY_PARAMETER_TYPES } from './strategy-type.model.js';

/*
 * Bodies of the custom strategy type routes (`POST /api/admin/strategies`, `PUT /api/admin/strategies/{name}`),
 * validated by the request pipe: every offending property is named in the 400.
 */

const MAX_PARAMETERS = 100;
const MAX_DESCRIPTION = 1000;
const MAX_TITLE = 255;
const NOT_BLANK = /\S/;
const PARAMETER_TYPE_RULE = `must be one of ${STRATEGY_PARAMETER_TYPES.map((type) => `"${type}"`).join(', ')}`;

/** No two parameter definitions of one type share a name: a strategy's parameters are a map by name. */
function HasUniqueParameterNames(): PropertyDecorator {
  return ValidateBy({
    name: 'hasUniqueParameterNames',
    validator: {
      validate: (value: unknown) => !Array.isArray(value) || firstRepeatedName(value) === undefined,
      defaultMessage: (args) => `must not define the parameter "${firstRepeatedName(args?.value as unknown[])}" more than once`,
    },
  });
}

/** Not a name the SDKs implement themselves: they would run their strategy, never the application's. */
function IsNotSdkStrategyName(): PropertyDecorator {
  return ValidateBy({
    name: 'isNotSdkStrategyName',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || !SDK_LEGACY_STRATEGY_NAMES.includes(value),
      defaultMessage: () => 'must not be the name of a strategy the SDKs implement themselves (they would run theirs, never yours)',
    },
  });
}

function firstRepeatedName(definitions: unknown[]): string | undefined {
  const seen = new Set<unknown>();
  for (const definition of definitions) {
    const name = (definition as { name?: unknown } | null)?.name;
    if (typeof name !== 'string') continue;
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}

@ApiSchema({
  name: 'createStrategyParameterSchema',
  description: 'A parameter a strategy of this type takes. No other properties are accepted.',
})
export class StrategyParameterInput {
  @ApiProperty({
    description: 'Name of the parameter, the key in a strategy’s `parameters`; unique within the type',
    example: 'customerIds',
    maxLength: 100,
  })
  @IsDefined()
  @Length(1, 100, { message: 'must be from 1 to 100 characters long' })
  @Matches(NOT_BLANK, { message: 'must not be blank' })
  @IsString()
  name: string;

  @ApiProperty({
    enum: STRATEGY_PARAMETER_TYPES,
    description:
      'How strategies of this type must write the value (all values are text): percentage 0–100, number, true/false, or a comma-separated list',
  })
  @IsDefined()
  @IsIn(STRATEGY_PARAMETER_TYPES, { message: PARAMETER_TYPE_RULE })
  type: string;

  @ApiPropertyOptional({ description: 'What the parameter does; default ""', maxLength: MAX_DESCRIPTION })
  @IsOptional()
  @Length(0, MAX_DESCRIPTION, { message: `must be at most ${MAX_DESCRIPTION} characters long` })
  @IsString()
  description?: string;

  @ApiPropertyOptional({ description: 'Whether every strategy of this type must give a non-empty value; default false' })
  @IsOptional()
  @IsBoolean()
  required?: boolean;
}

@ApiSchema({ name: 'createStrategySchema', description: 'A custom strategy type. No other properties are accepted.' })
export class CreateStrategyTypeSchema {
  @ApiProperty({
    description: `Unique and URL-safe; the names of the built-in types are taken, and ${SDK_LEGACY_STRATEGY_NAMES.join(', ')} (which the SDKs implement themselves) refused`,
    example: 'customer-list',
    minLength: 1,
    maxLength: 100,
  })
  @IsNotSdkStrategyName()
  @IsUrlSafeName(1, 100)
  name: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'A human-friendly name, shown as `displayName`', maxLength: MAX_TITLE })
  @IsOptional()
  @Length(0, MAX_TITLE, { message: `must be at most ${MAX_TITLE} characters long` })
  @IsString()
  title?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_DESCRIPTION })
  @IsOptional()
  @Length(0, MAX_DESCRIPTION, { message: `must be at most ${MAX_DESCRIPTION} characters long` })
  @IsString()
  description?: string | null;

  @ApiPropertyOptional({ description: 'Custom types are always editable: only true is accepted', default: true })
  @IsOptional()
  @IsIn([true], { message: 'must be true: custom strategy types are always editable' })
  editable?: boolean;

  @ApiPropertyOptional({ description: 'Create the type deprecated; default false', default: false })
  @IsOptional()
  @IsBoolean()
  deprecated?: boolean;

  @ApiProperty({
    type: [StrategyParameterInput],
    description: `The parameters strategies of this type take, in the order they are shown; at most ${MAX_PARAMETERS}, names unique`,
  })
  @IsDefined()
  @HasUniqueParameterNames()
  @ArrayMaxSize(MAX_PARAMETERS, { message: `must not have more than ${MAX_PARAMETERS} parameters` })
  @ValidateNested({ each: true })
  @Type(() => StrategyParameterInput)
  @IsArray()
  parameters: StrategyParameterInput[];
}

@ApiSchema({
  name: 'updateStrategySchema',
  description:
    'Replaces the parameters; title and description are kept when omitted and cleared by null. Other top-level properties (such as name, editable or deprecated, as GET shows them) are ignored.',
})
@IgnoreUnknownTopLevelProperties()
export class UpdateStrategyTypeSchema extends PickType(CreateStrategyTypeSchema, ['title', 'description', 'parameters'] as const) {}
