import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IgnoreUnknownTopLevelProperties, NotAnObjectMessage, ShallowInstance } from '../../core/http/request-validation.pipe.js';
import { Details } from '../../core/http/rule.decorator.js';
import { checkBodyContext } from './frontend-context.js';

export class ToggleVariantPayloadSchema {
  @ApiProperty({ enum: ['json', 'csv', 'string', 'number'] }) type: string;
  @ApiProperty() value: string;
}

export class ToggleVariantSchema {
  @ApiProperty({ description: '`disabled` when the feature gives no variant for the context', example: 'blue' }) name: string;
  @ApiProperty() enabled: boolean;
  @ApiPropertyOptional({ type: ToggleVariantPayloadSchema }) payload?: ToggleVariantPayloadSchema;
  @ApiProperty({ description: 'Whether the feature itself is enabled (always true here)' }) feature_enabled: boolean;
}

@ApiSchema({ name: 'frontendApiFeatureSchema' })
export class FrontendToggleSchema {
  @ApiProperty() name: string;
  @ApiProperty({ enum: [true] }) enabled: true;
  @ApiProperty({ type: ToggleVariantSchema }) variant: ToggleVariantSchema;
  @ApiProperty() impressionData: boolean;
}

@ApiSchema({ name: 'frontendApiFeaturesSchema' })
export class FrontendTogglesSchema {
  @ApiProperty({ type: [FrontendToggleSchema], description: 'Only the features enabled for the context, by name' })
  toggles: FrontendToggleSchema[];
}

export class FrontendContextSchema {
  @ApiPropertyOptional() userId?: string;
  @ApiPropertyOptional() sessionId?: string;
  @ApiPropertyOptional({ description: "The caller's address when omitted" }) remoteAddress?: string;
  @ApiPropertyOptional() appName?: string;
  @ApiPropertyOptional({ description: 'Admin tokens and admin users only: the environment to evaluate' }) environment?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Now when omitted' }) currentTime?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, description: 'Custom context fields' })
  properties?: Record<string, string>;
}

/** The body of `POST /api/frontend`; unknown top-level properties are ignored. */
@ApiSchema({ name: 'frontendApiContextBodySchema' })
@IgnoreUnknownTopLevelProperties()
@ShallowInstance()
@NotAnObjectMessage('The request body must be a JSON object with a `context` object.')
export class FrontendContextBodySchema {
  @ApiPropertyOptional({
    type: FrontendContextSchema,
    nullable: true,
    description: 'Other string fields are custom context fields too; null values count as absent',
  })
  @Details('frontendContext', checkBodyContext)
  context?: Record<string, unknown> | null;
}
