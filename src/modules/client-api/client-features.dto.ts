import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { IgnoreUnknownTopLevelProperties } from '../../core/http/request-validation.pipe.js';
import { ConstraintSchema } from '../../core/constraints/constraint.dto.js';
import { StrategyVariantSchema } from '../strategies/index.js';

/** Query of `GET /api/client/features`; other parameters SDKs send (e.g. `tag`) are ignored. */
@IgnoreUnknownTopLevelProperties()
export class ClientFeaturesQuery {
  @ApiPropertyOptional({
    type: [String],
    description: 'Only these projects (repeat the parameter for several); narrows, never widens, what the token sees',
  })
  @IsOptional()
  @IsString({ each: true })
  project?: string | string[];

  @ApiPropertyOptional({ description: 'Only features whose name starts with this text' })
  @IsOptional()
  @IsString()
  namePrefix?: string;

  @ApiPropertyOptional({ description: 'For admin users only (default development); client tokens always get their own environment' })
  @IsOptional()
  @IsString()
  environment?: string;
}

@ApiSchema({
  name: 'clientFeatureStrategySchema',
  description: 'An enabled strategy of a feature in the environment, in evaluation order.',
})
export class ClientStrategySchema {
  @ApiProperty() id: string;
  @ApiProperty({ example: 'flexibleRollout' }) name: string;
  @ApiPropertyOptional({ description: 'Present when the strategy has a title' }) title?: string;
  @ApiProperty({ type: [ConstraintSchema] }) constraints: ConstraintSchema[];
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) parameters: Record<string, string>;
  @ApiProperty({ type: [StrategyVariantSchema] }) variants: StrategyVariantSchema[];
  @ApiPropertyOptional({ type: [Number], description: 'Ids of segments, described in the response’s `segments`; present when it uses any' })
  segments?: number[];
  @ApiProperty() sortOrder: number;
  @ApiProperty({ enum: [false], description: 'Disabled strategies are not sent' }) disabled: false;
}

export class ClientDependencySchema {
  @ApiProperty({ description: 'The parent feature' }) feature: string;
  @ApiProperty({ description: 'Whether the parent must be enabled (true) or disabled (false)' }) enabled: boolean;
  @ApiPropertyOptional({ type: [String], description: 'Parent variants that satisfy the dependency' }) variants?: string[];
}

@ApiSchema({ name: 'clientFeatureSchema' })
export class ClientFeatureSchema {
  @ApiProperty() name: string;
  @ApiProperty({ example: 'release' }) type: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty() project: string;
  @ApiProperty({ description: 'Enabled in the environment' }) enabled: boolean;
  @ApiProperty() stale: boolean;
  @ApiProperty() impressionData: boolean;
  @ApiProperty({ type: [ClientStrategySchema] }) strategies: ClientStrategySchema[];
  @ApiProperty({ type: 'array', items: { type: 'object' }, description: 'Feature variants of the environment (spec 2.6)' })
  variants: object[];
  @ApiPropertyOptional({ type: [ClientDependencySchema], description: 'Present when the feature has a parent' })
  dependencies?: ClientDependencySchema[];
}

export class ClientSegmentSchema {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: [ConstraintSchema] }) constraints: ConstraintSchema[];
}

export class ClientFeaturesQuerySchema {
  @ApiProperty() environment: string;
  @ApiPropertyOptional({ type: [String], description: 'Present when the projects are limited' }) project?: string[];
  @ApiPropertyOptional() namePrefix?: string;
}

@ApiSchema({ name: 'clientFeaturesSchema' })
export class ClientFeaturesSchema {
  @ApiProperty({ enum: [2] }) version: 2;
  @ApiProperty({ type: [ClientFeatureSchema], description: 'Active features of the scope, by name' }) features: ClientFeatureSchema[];
  @ApiProperty({ type: [ClientSegmentSchema], description: 'The segments used by the strategies' }) segments: ClientSegmentSchema[];
  @ApiProperty({ type: ClientFeaturesQuerySchema, description: 'What was selected' }) query: ClientFeaturesQuerySchema;
}

@ApiSchema({ name: 'deltaEventSchema', description: 'One event of the delta protocol; which properties are present depends on `type`.' })
export class ClientDeltaEventSchema {
  @ApiProperty({ description: 'Increases with every event; the answer’s ETag names the last one' }) eventId: number;
  @ApiProperty({ enum: ['hydration', 'feature-updated', 'feature-removed', 'segment-updated', 'segment-removed'] }) type: string;
  @ApiPropertyOptional({ type: [ClientFeatureSchema], description: '`hydration`: every feature of the scope' })
  features?: ClientFeatureSchema[];
  @ApiPropertyOptional({ type: [ClientSegmentSchema], description: '`hydration`: every segment the features use' })
  segments?: ClientSegmentSchema[];
  @ApiPropertyOptional({ type: ClientFeatureSchema, description: '`feature-updated`: the feature as it is now' })
  feature?: ClientFeatureSchema;
  @ApiPropertyOptional({ description: '`feature-removed`: the feature no longer in the scope' }) featureName?: string;
  @ApiPropertyOptional({ description: '`feature-removed`: its project' }) project?: string;
  @ApiPropertyOptional({ type: ClientSegmentSchema, description: '`segment-updated`: the segment as it is now' })
  segment?: ClientSegmentSchema;
  @ApiPropertyOptional({ description: '`segment-removed`: the segment no longer used' }) segmentId?: number;
}

@ApiSchema({ name: 'clientFeaturesDeltaSchema' })
export class ClientDeltaSchema {
  @ApiProperty({ type: [ClientDeltaEventSchema], description: 'A hydration, or the changes since the event named by `If-None-Match`' })
  events: ClientDeltaEventSchema[];
}
