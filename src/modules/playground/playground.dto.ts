import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ArrayMinSize, IsArray, IsString, Matches } from 'class-validator';
import { ConstraintSchema } from '../../core/constraints/constraint.dto.js';
import { IgnoreUnknownTopLevelProperties, ShallowInstance } from '../../core/http/request-validation.pipe.js';
import { Details } from '../../core/http/rule.decorator.js';
import { checkPlaygroundContext, checkPlaygroundProjects } from './playground-context.js';

const PROJECTS = {
  oneOf: [
    { type: 'array', items: { type: 'string' }, example: ['default'] },
    { type: 'string', enum: ['*'] },
  ],
  description: 'The projects whose flags are evaluated: `*` (the default) for every one',
};
const RESULT = {
  oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['unknown'] }],
  description: '`unknown` when no strategy is on and one cannot be evaluated by the server (a custom strategy type)',
};
const ANY_VARIANTS = {
  type: 'array' as const,
  items: { type: 'object', additionalProperties: true },
  description: 'The variants that apply',
};

@ApiSchema({ name: 'sdkContextSchema', description: 'The context to evaluate in; other string fields are custom context fields' })
export class SdkContextSchema {
  @ApiProperty({ minLength: 1, example: 'my-app' }) appName: string;
  @ApiPropertyOptional({ format: 'date-time' }) currentTime?: string;
  @ApiPropertyOptional({ deprecated: true }) environment?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, description: 'Custom context fields' })
  properties?: Record<string, string>;
  @ApiPropertyOptional() remoteAddress?: string;
  @ApiPropertyOptional() sessionId?: string;
  @ApiPropertyOptional() userId?: string;
}

@ApiSchema({ name: 'playgroundRequestSchema', description: 'Data for the playground API to evaluate feature flags' })
@IgnoreUnknownTopLevelProperties()
@ShallowInstance()
export class PlaygroundRequestSchema {
  @ApiProperty({ example: 'development', description: 'The environment to evaluate feature flags in' })
  @IsString({ message: 'must be a string' })
  environment: string;

  @ApiPropertyOptional(PROJECTS)
  @Details('playgroundProjects', checkPlaygroundProjects)
  projects?: '*' | string[];

  @ApiProperty({ type: SdkContextSchema })
  @Details('playgroundContext', checkPlaygroundContext)
  context: Record<string, unknown>;
}

@ApiSchema({
  name: 'advancedPlaygroundRequestSchema',
  description: 'Data for the playground API to evaluate toggles in advanced mode with environment and context multi selection',
})
@IgnoreUnknownTopLevelProperties()
@ShallowInstance()
export class AdvancedPlaygroundRequestSchema {
  @ApiProperty({
    type: [String],
    minItems: 1,
    example: ['development', 'production'],
    description: 'The environments to evaluate toggles in',
  })
  @IsArray({ message: 'must be a list of environment names' })
  @ArrayMinSize(1, { message: 'must name at least one environment' })
  @IsString({ each: true, message: 'must hold environment names' })
  @Matches(/^[a-zA-Z0-9~_.-]+$/, { each: true, message: 'must hold environment names (letters, digits, ~ _ . -)' })
  environments: string[];

  @ApiPropertyOptional(PROJECTS)
  @Details('playgroundProjects', checkPlaygroundProjects)
  projects?: '*' | string[];

  @ApiProperty({ type: SdkContextSchema, description: 'Several values of a field are separated by commas' })
  @Details('playgroundContext', checkPlaygroundContext)
  context: Record<string, unknown>;
}

@ApiSchema({ name: 'playgroundConstraintSchema', description: 'A constraint and whether the context satisfies it' })
export class PlaygroundConstraintSchema extends ConstraintSchema {
  @ApiProperty({ description: 'Whether this constraint holds for the context' }) result: boolean;
}

@ApiSchema({ name: 'playgroundSegmentSchema' })
export class PlaygroundSegmentSchema {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'Whether every constraint of the segment holds' }) result: boolean;
  @ApiProperty({ type: [PlaygroundConstraintSchema] }) constraints: PlaygroundConstraintSchema[];
}

export class PlaygroundVariantPayloadSchema {
  @ApiProperty() type: string;
  @ApiProperty() value: string;
}

export class PlaygroundStrategyVariantSchema {
  @ApiProperty() name: string;
  @ApiProperty() enabled: boolean;
  @ApiPropertyOptional({ type: PlaygroundVariantPayloadSchema }) payload?: PlaygroundVariantPayloadSchema;
}

export class PlaygroundStrategyResultSchema {
  @ApiProperty({
    enum: ['complete', 'incomplete', 'unevaluated'],
    description:
      '`incomplete`: a strategy type the server cannot evaluate (a custom one, or applicationHostname); `unevaluated`: a disabled strategy (its result is `unknown`)',
  })
  evaluationStatus: string;
  @ApiProperty(RESULT) enabled: boolean | 'unknown';
  @ApiPropertyOptional({ type: PlaygroundStrategyVariantSchema, description: "The strategy's variant, when it is on and has variants" })
  variant?: PlaygroundStrategyVariantSchema;
  @ApiPropertyOptional(ANY_VARIANTS) variants?: unknown[];
}

export class PlaygroundStrategyLinksSchema {
  @ApiProperty({ example: '/projects/default/features/my-flag/strategies/edit?environmentId=development&strategyId=…' }) edit: string;
}

@ApiSchema({ name: 'playgroundStrategySchema', description: 'An evaluated feature flag strategy as used by the Playground' })
export class PlaygroundStrategySchema {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional() title?: string;
  @ApiProperty({ description: 'A disabled strategy is shown but not evaluated (SDKs never receive it): its result is `unevaluated`' })
  disabled: boolean;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) parameters: Record<string, string>;
  @ApiProperty({ type: PlaygroundStrategyResultSchema }) result: PlaygroundStrategyResultSchema;
  @ApiProperty({ type: [PlaygroundConstraintSchema] }) constraints: PlaygroundConstraintSchema[];
  @ApiProperty({ type: [PlaygroundSegmentSchema] }) segments: PlaygroundSegmentSchema[];
  @ApiProperty({ type: PlaygroundStrategyLinksSchema }) links: PlaygroundStrategyLinksSchema;
}

export class PlaygroundStrategiesSchema {
  @ApiProperty(RESULT) result: boolean | 'unknown';
  @ApiProperty({ type: [PlaygroundStrategySchema] }) data: PlaygroundStrategySchema[];
}

export class PlaygroundFeatureVariantSchema {
  @ApiProperty({ description: '`disabled` when the flag is off or gives no variant', example: 'blue' }) name: string;
  @ApiProperty() enabled: boolean;
  @ApiPropertyOptional({ type: PlaygroundVariantPayloadSchema }) payload?: PlaygroundVariantPayloadSchema;
  @ApiProperty() feature_enabled: boolean;
  @ApiPropertyOptional({ deprecated: true, description: 'The same as feature_enabled (the simple form only)' }) featureEnabled?: boolean;
}

@ApiSchema({ name: 'playgroundFeatureSchema', description: 'A feature flag evaluated for the playground' })
export class PlaygroundFeatureSchema {
  @ApiProperty() name: string;
  @ApiProperty() projectId: string;
  @ApiProperty({ type: PlaygroundStrategiesSchema }) strategies: PlaygroundStrategiesSchema;
  @ApiProperty({ description: 'Whether the flag is on in the environment' }) isEnabledInCurrentEnvironment: boolean;
  @ApiProperty({ description: 'What an SDK answers; false when `strategies.result` is `unknown`' }) isEnabled: boolean;
  @ApiProperty({ description: 'Whether a parent flag it depends on is not as required' }) hasUnsatisfiedDependency: boolean;
  @ApiProperty({ type: PlaygroundFeatureVariantSchema }) variant: PlaygroundFeatureVariantSchema;
  @ApiProperty(ANY_VARIANTS) variants: unknown[];
}

@ApiSchema({ name: 'playgroundResponseSchema', description: 'The state of all features given the provided input' })
export class PlaygroundResponseSchema {
  @ApiProperty({ type: PlaygroundRequestSchema, description: 'The request, as given' }) input: PlaygroundRequestSchema;
  @ApiProperty({ type: [PlaygroundFeatureSchema] }) features: PlaygroundFeatureSchema[];
}

@ApiSchema({ name: 'sdkFlatContextSchema', description: 'One combination of the context: custom fields beside the standard ones' })
export class SdkFlatContextSchema {
  @ApiProperty({ example: 'my-app' }) appName: string;
}

@ApiSchema({ name: 'advancedPlaygroundEnvironmentFeatureSchema', description: 'A flag evaluated in one environment for one context' })
export class AdvancedPlaygroundEnvironmentFeatureSchema extends PlaygroundFeatureSchema {
  @ApiProperty() environment: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, description: 'The combination evaluated' })
  context: Record<string, string>;
}

@ApiSchema({ name: 'advancedPlaygroundFeatureSchema' })
export class AdvancedPlaygroundFeatureSchema {
  @ApiProperty() name: string;
  @ApiProperty() projectId: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { $ref: '#/components/schemas/advancedPlaygroundEnvironmentFeatureSchema' } },
    description: 'The evaluations by environment, one per context combination',
  })
  environments: Record<string, AdvancedPlaygroundEnvironmentFeatureSchema[]>;
}

@ApiSchema({ name: 'advancedPlaygroundResponseSchema', description: 'The state of all features given the provided input' })
export class AdvancedPlaygroundResponseSchema {
  @ApiProperty({ type: AdvancedPlaygroundRequestSchema, description: 'The request, as given' }) input: AdvancedPlaygroundRequestSchema;
  @ApiProperty({ type: [AdvancedPlaygroundFeatureSchema] }) features: AdvancedPlaygroundFeatureSchema[];
}
