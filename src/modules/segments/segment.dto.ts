import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsDefined } from 'class-validator';
import { ConstraintSchema } from '../../core/constraints/constraint.dto.js';
import { toConstraints, ValidConstraints } from '../../core/constraints/constraint.rules.js';
import { Rule } from '../../core/http/rule.decorator.js';
import type { SegmentInput } from './segment.model.js';

const MAX_NAME_LENGTH = 255;

/** The body of a segment create or update, validated by `RequestValidationPipe`, which reports every offending property. */
@ApiSchema({ name: 'upsertSegmentSchema', description: 'No other properties are accepted.' })
export class UpsertSegmentSchema {
  @ApiProperty({ description: 'Unique, 1 to 255 characters; trimmed' })
  @Rule('segmentName', (name) =>
    typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME_LENGTH
      ? `must be a non-empty string of at most ${MAX_NAME_LENGTH} characters`
      : undefined,
  )
  name: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @Rule('segmentDescription', (description) =>
    description === undefined || description === null || typeof description === 'string' ? undefined : 'must be a string or null',
  )
  description?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Limit the segment to this project; null or omitted: usable in every project',
  })
  @Rule('segmentProject', (project) =>
    project === undefined || project === null || (typeof project === 'string' && project !== '')
      ? undefined
      : 'must be a project id or null',
  )
  project?: string | null;

  @ApiProperty({ type: [ConstraintSchema], description: 'Same rules and limits as strategy constraints' })
  @IsDefined()
  @ValidConstraints()
  constraints: Record<string, unknown>[];
}

/** A valid body as the service takes it: the name trimmed, absent description and project as null, constraints with their defaults. */
export function toSegmentInput(body: UpsertSegmentSchema): SegmentInput {
  return {
    name: body.name.trim(),
    description: body.description ?? null,
    project: body.project || null,
    constraints: toConstraints(body.constraints),
  };
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
