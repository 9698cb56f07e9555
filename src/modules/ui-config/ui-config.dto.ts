import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

export class VersionNumbersSchema {
  @ApiPropertyOptional({ description: "The service's version", example: '0.1.0' }) oss?: string;
}

@ApiSchema({ name: 'versionSchema', description: 'The running version; no release feed is read, so it counts as the latest.' })
export class VersionSchema {
  @ApiProperty({ type: VersionNumbersSchema }) current: VersionNumbersSchema;
  @ApiProperty({ type: VersionNumbersSchema, description: 'Always empty: no release feed is read' }) latest: VersionNumbersSchema;
  @ApiProperty() isLatest: boolean;
}

@ApiSchema({ name: 'resourceLimitsSchema', description: 'The configured limits, under the names Unleash gives them.' })
export class ResourceLimitsSchema {
  @ApiProperty({ description: 'Constraints per strategy or segment' }) constraints: number;
  @ApiProperty({ description: 'Values per constraint' }) constraintValues: number;
  @ApiProperty({ description: 'Strategies per feature and environment' }) featureEnvironmentStrategies: number;
  @ApiProperty({ description: 'Personal access tokens per user' }) personalAccessTokens: number;
  @ApiProperty({ description: 'Segments per strategy' }) strategySegments: number;
}

@ApiSchema({ name: 'uiConfigSchema', description: "What a console reads first to set itself up, in the shape of Unleash's." })
export class UiConfigSchema {
  @ApiProperty({ description: 'The name the service gives itself', example: 'Flagwright' }) name: string;
  @ApiProperty({ example: '0.1.0' }) version: string;
  @ApiProperty({ description: 'The URL the request reached the service at, base path included', example: 'http://localhost:4242' })
  unleashUrl: string;
  @ApiProperty({ description: 'The base path the service listens under ("" at the root)', example: '' }) baseUriPath: string;
  @ApiProperty({ type: VersionSchema }) versionInfo: VersionSchema;
  @ApiProperty({
    enum: ['open-source', 'custom'],
    description: '`open-source`: username and password; `custom`: the host application signs people in',
  })
  authenticationType: string;
  @ApiProperty({ description: 'Whether password login is off (the host application signs people in)' }) disablePasswordAuth: boolean;
  @ApiProperty({ description: 'Always false: the service sends no email' }) emailEnabled: boolean;
  @ApiProperty({ description: 'Always false: there is no maintenance mode' }) maintenanceMode: boolean;
  @ApiProperty({ description: 'Sessions a user may have at once' }) maxSessionsCount: number;
  @ApiProperty({ type: ResourceLimitsSchema }) resourceLimits: ResourceLimitsSchema;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'boolean' },
    description: 'Which optional capabilities are on',
    example: { hostUsers: false, inProcessEvaluation: false },
  })
  flags: Record<string, boolean>;
}
