import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsDefined, IsString } from 'class-validator';
import { ConstraintSchema } from '../../core/constraints/constraint.dto.js';
import { IgnoreUnknownTopLevelProperties, ListBody, ShallowInstance } from '../../core/http/request-validation.pipe.js';
import { Details } from '../../core/http/rule.decorator.js';
import { checkPatch } from './json-patch.js';
import { checkSegmentIds, checkSortOrders, type StrategyBody, StrategyBodyRules, type StrategySortOrder } from './strategy-body.rules.js';
import { VARIANT_PAYLOAD_TYPES, VARIANT_WEIGHT_TYPES } from './strategy.model.js';

/*
 * The strategy bodies and answers. The create and update bodies are validated by `RequestValidationPipe` with the
 * rules of strategy-body.rules.ts, which name every offending place with its pointer (`/body/parameters/rollout`,
 * `/body/constraints/0/values/2`) and read the nested values as plain JSON: `@ShallowInstance()`, class-transformer
 * has nothing to build (the update's copy through it was about a third of the memory an update allocated). A JSON Patch and the sort order are arrays: `@ListBody()` DTOs.
 */

export class VariantPayloadSchema {
  @ApiProperty({ enum: VARIANT_PAYLOAD_TYPES }) type: string;
  @ApiProperty({ description: 'A valid JSON text when type is json' }) value: string;
}

@ApiSchema({ name: 'strategyVariantSchema', description: 'A variant of a strategy (spec 2.2). No other properties are accepted.' })
export class StrategyVariantSchema {
  @ApiProperty({ description: 'URL-friendly, 1 to 100 characters, unique within the strategy' }) name: string;
  @ApiProperty({ minimum: 0, maximum: 1000, description: 'Kept for fix variants; variable variants share what is left of 1000' })
  weight: number;
  @ApiProperty({ enum: VARIANT_WEIGHT_TYPES, description: 'At least one variant must be variable; fix weights total at most 1000' })
  weightType: string;
  @ApiProperty({ example: 'default' }) stickiness: string;
  @ApiPropertyOptional({ type: VariantPayloadSchema }) payload?: VariantPayloadSchema;
}

const parametersProperty = {
  type: 'object',
  additionalProperties: { type: 'string' },
  description:
    'Parameter name to value; numbers and booleans are stored as text, other values are refused. Replaced as a whole (omitted → {}); for flexibleRollout, rollout (100), stickiness (the project default) and groupId (the feature name) are filled when missing.',
  example: { rollout: '50', stickiness: 'default', groupId: 'my-feature' },
} as const;

@ApiSchema({
  name: 'updateFeatureStrategySchema',
  description:
    'Every property is optional. Unknown top-level properties (such as id or featureName) are ignored; unknown properties inside constraints, variants and payloads are refused.',
})
@IgnoreUnknownTopLevelProperties()
@ShallowInstance()
@StrategyBodyRules('update')
export class UpdateFeatureStrategySchema implements StrategyBody {
  @ApiPropertyOptional({ description: 'Name of an existing strategy type; omitted → unchanged', example: 'flexibleRollout' }) name?: string;
  @ApiPropertyOptional({ description: 'Position in the environment list; omitted → unchanged' }) sortOrder?: number;
  @ApiPropertyOptional({ type: [ConstraintSchema], description: 'Replaces the constraints (omitted → []); at most 30' })
  constraints?: Record<string, unknown>[];
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Omitted → unchanged; null clears the title' }) title?: string | null;
  @ApiPropertyOptional({ type: Boolean, nullable: true, description: 'Omitted or null → unchanged' }) disabled?: boolean | null;
  @ApiPropertyOptional(parametersProperty) parameters?: Record<string, unknown>;
  @ApiPropertyOptional({ type: [StrategyVariantSchema], description: 'Replaces the variants (omitted → [])' })
  variants?: Record<string, unknown>[];
  @ApiPropertyOptional({ type: [Number], description: 'Ids of existing segments; omitted → unchanged, [] → none; at most 5' })
  segments?: number[];
}

@ApiSchema({
  name: 'createFeatureStrategySchema',
  description: 'Unknown top-level properties are ignored; unknown properties inside constraints, variants and payloads are refused.',
})
@IgnoreUnknownTopLevelProperties()
@ShallowInstance()
@StrategyBodyRules('create')
export class CreateFeatureStrategySchema implements StrategyBody {
  @ApiProperty({ description: 'Name of an existing strategy type', example: 'flexibleRollout' }) name: string;
  @ApiPropertyOptional({ type: String, nullable: true }) title?: string | null;
  @ApiPropertyOptional({ type: Boolean, nullable: true, default: false, description: 'null → false' }) disabled?: boolean | null;
  @ApiPropertyOptional({ description: 'Position in the environment list; default: after the last one' }) sortOrder?: number;
  @ApiPropertyOptional({ type: [ConstraintSchema] }) constraints?: Record<string, unknown>[];
  @ApiPropertyOptional(parametersProperty) parameters?: Record<string, unknown>;
  @ApiPropertyOptional({ type: [StrategyVariantSchema] }) variants?: Record<string, unknown>[];
  @ApiPropertyOptional({ type: [Number], description: 'Ids of existing segments; at most 5' }) segments?: number[];
}

@ApiSchema({ name: 'featureStrategySchema', description: 'A strategy of a feature in one environment (spec 2.3).' })
export class FeatureStrategySchema {
  @ApiProperty({ description: 'UUID of the strategy' }) id: string;
  @ApiProperty({ description: 'Name (type) of the strategy' }) name: string;
  @ApiProperty({ type: String, nullable: true }) title: string | null;
  @ApiProperty({ type: Boolean, nullable: true, description: 'Disabled strategies are not evaluated; default false' }) disabled: boolean;
  @ApiProperty() featureName: string;
  @ApiProperty() sortOrder: number;
  @ApiProperty({ type: [Number] }) segments: number[];
  @ApiProperty({ type: [ConstraintSchema], description: 'caseInsensitive and inverted default to false, values to []' })
  constraints: ConstraintSchema[];
  @ApiProperty({ type: [StrategyVariantSchema] }) variants: StrategyVariantSchema[];
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) parameters: Record<string, string>;
}

@ApiSchema({ name: 'patchSchema', description: 'One RFC 6902 JSON Patch operation on the strategy as featureStrategySchema shows it.' })
export class PatchOperationSchema {
  @ApiProperty({ enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] }) op: string;
  @ApiProperty({ description: 'JSON pointer into the strategy, e.g. /parameters/rollout' }) path: string;
  @ApiPropertyOptional({ description: 'For add, replace and test' }) value?: unknown;
  @ApiPropertyOptional({ description: 'For move and copy' }) from?: string;
}

/** A JSON Patch (RFC 6902) body, checked by `checkPatch`; routes declare it as `[PatchOperationSchema]`. */
@ListBody()
export class JsonPatchBody {
  @Details('jsonPatch', checkPatch) items: Record<string, unknown>[];
}

/** The body of `set-sort-order`, checked by `checkSortOrders`; the route declares it as `[StrategySortOrderSchema]`. */
@ListBody()
export class StrategySortOrdersBody {
  @Details('strategySortOrders', checkSortOrders) items: StrategySortOrder[];
}

@ApiSchema({ name: 'setStrategySortOrderSchema' })
export class StrategySortOrderSchema {
  @ApiProperty({ description: 'Id of a strategy of the feature in this environment' }) id: string;
  @ApiProperty({ type: 'integer', description: 'A 32-bit whole number' }) sortOrder: number;
}

export class StrategyParameterSchema {
  @ApiProperty() name: string;
  @ApiProperty({ example: 'string' }) type: string;
  @ApiProperty() description: string;
  @ApiProperty() required: boolean;
}

@ApiSchema({ name: 'strategySchema', description: 'A strategy type.' })
export class StrategyTypeSchema {
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) displayName: string | null;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty() editable: boolean;
  @ApiProperty() deprecated: boolean;
  @ApiProperty({ type: [StrategyParameterSchema] }) parameters: StrategyParameterSchema[];
}

@ApiSchema({ name: 'strategiesSchema' })
export class StrategyTypesSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ type: [StrategyTypeSchema] }) strategies: StrategyTypeSchema[];
}

@ApiSchema({ name: 'updateFeatureStrategySegmentsSchema', description: 'The segments a strategy uses from now on, and where it is.' })
export class UpdateFeatureStrategySegmentsSchema {
  @ApiProperty({ description: 'The project of the strategy', example: 'default' })
  @IsDefined()
  @IsString()
  projectId: string;

  @ApiProperty({ description: 'The id of the strategy', example: '15d1e20b-6310-4e17-a0c2-9fb84de3053a' })
  @IsDefined()
  @IsString()
  strategyId: string;

  @ApiProperty({ description: 'The environment of the strategy', example: 'development' })
  @IsDefined()
  @IsString()
  environmentId: string;

  @ApiProperty({
    type: [Number],
    description: 'Ids of existing segments; the strategy uses these and no others; at most 5',
    example: [1, 5],
  })
  @IsDefined()
  @Details('strategySegments', checkSegmentIds)
  segmentIds: number[];
}
