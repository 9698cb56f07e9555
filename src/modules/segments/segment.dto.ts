import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ConstraintSchema } from '../../core/constraints/constraint.dto.js';

/* OpenAPI descriptions; bodies are checked by segment-body.parser.ts, which reports every offending property. */

@ApiSchema({ name: 'upsertSegmentSchema', description: 'No other properties are accepted.' })
export class UpsertSegmentSchema {
  @ApiProperty({ description: 'Unique, 1 to 255 characters' }) name: string;
  @ApiPropertyOptional({ type: String, nullable: true }) description?: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Limit the segment to this project; null or omitted: usable in every project',
  })
  project?: string | null;
  @ApiProperty({ type: [ConstraintSchema], description: 'Same rules as strategy constraints' }) constraints: ConstraintSchema[];
}

@ApiSchema({ name: 'adminSegmentSchema' })
export class SegmentSchema {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: String, nullable: true }) project: string | null;
  @ApiProperty({ type: [ConstraintSchema] }) constraints: ConstraintSchema[];
  @ApiProperty({ type: String, nullable: true }) createdBy: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ description: 'Distinct features whose strategies use the segment' }) usedInFeatures: number;
  @ApiProperty({ description: 'Distinct projects whose strategies use the segment' }) usedInProjects: number;
}

@ApiSchema({ name: 'segmentsSchema' })
export class SegmentsSchema {
  @ApiProperty({ type: [SegmentSchema] }) segments: SegmentSchema[];
}

export class SegmentStrategySchema {
  @ApiProperty() id: string;
  @ApiProperty() featureName: string;
  @ApiProperty() projectId: string;
  @ApiProperty() environment: string;
  @ApiProperty() strategyName: string;
}

@ApiSchema({ name: 'segmentStrategiesSchema' })
export class SegmentStrategiesSchema {
  @ApiProperty({ type: [SegmentStrategySchema] }) strategies: SegmentStrategySchema[];
  @ApiProperty({ type: [Object], description: 'Always empty: there are no change requests here' }) changeRequestStrategies: never[];
}
