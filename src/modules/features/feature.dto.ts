import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsDefined, IsIn, IsOptional, IsString, Length } from 'class-validator';
import { IgnoreUnknownTopLevelProperties, ListBody } from '../../core/http/request-validation.pipe.js';
import { Details } from '../../core/http/rule.decorator.js';
import { checkFeatureVariants } from './feature-variant.rules.js';
import { FeatureStrategySchema } from '../strategies/index.js';
import { COMPLETED_STATUSES, DEFAULT_FEATURE_TYPE, LIFECYCLE_STAGES } from './feature.model.js';
import { IsUrlSafeName } from '../../core/http/url-safe-name.js';

const TYPE_DESCRIPTION = 'The id of one of the feature types (`GET /api/admin/feature-types`)';

@ApiSchema({ name: 'createFeatureSchema' })
export class CreateFeatureSchema {
  @ApiProperty({
    description: 'Unique across the service (archived features included) and URL-safe',
    example: 'new-checkout',
    minLength: 1,
    maxLength: 100,
  })
  @IsUrlSafeName()
  name: string;

  @ApiPropertyOptional({ description: TYPE_DESCRIPTION, default: DEFAULT_FEATURE_TYPE, example: 'release' })
  @IsOptional()
  @IsString()
  type?: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'The new checkout flow' })
  @IsOptional()
  @IsString()
  description?: string | null;

  @ApiPropertyOptional({ description: 'Whether SDKs emit impression events for the feature; default false' })
  @IsOptional()
  @IsBoolean()
  impressionData?: boolean;
}

/** Clients send back what they read (project, createdAt, environments, …): unknown top-level properties are ignored. */
@ApiSchema({ name: 'updateFeatureSchema', description: 'Omitted fields are kept; unknown top-level properties are ignored.' })
@IgnoreUnknownTopLevelProperties()
export class UpdateFeatureSchema {
  @ApiPropertyOptional({ description: 'If given, must be the name in the URL: a feature cannot be renamed' })
  @IsOptional()
  @IsString()
  name?: string;

  @ApiPropertyOptional({ description: TYPE_DESCRIPTION, example: 'release' })
  @IsOptional()
  @IsString()
  type?: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  description?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  impressionData?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  stale?: boolean;
}

@ApiSchema({ name: 'batchStaleSchema' })
export class BatchStaleSchema {
  @ApiProperty({
    type: [String],
    description: "Names of the project's features; names of no feature are ignored",
    example: ['old-checkout'],
  })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @Length(1, 255, { each: true, message: 'must contain feature names of 1 to 255 characters' })
  features: string[];

  @ApiProperty({ description: 'true marks the features stale, false not stale' })
  @IsDefined()
  @IsBoolean()
  stale: boolean;
}

@ApiSchema({ name: 'batchFeaturesSchema' })
export class BatchFeaturesSchema {
  @ApiProperty({ type: [String], description: 'Names of features of the project', example: ['my-feature-4', 'my-feature-5'] })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @Length(1, 255, { each: true, message: 'must contain feature names of 1 to 255 characters' })
  features: string[];
}

@ApiSchema({ name: 'validateArchiveFeaturesSchema', description: 'What archiving the features would do to dependencies' })
export class ValidateArchiveFeaturesSchema {
  @ApiProperty({
    type: [String],
    description: 'Features of the list that other features outside the list depend on: archiving them is refused',
    example: ['my-parent-feature'],
  })
  parentsWithChildFeatures: string[];

  @ApiProperty({ description: 'Whether a feature of the list has a parent or children: archiving it removes those dependencies' })
  hasDeletedDependencies: boolean;
}

@ApiSchema({ name: 'bulkToggleFeaturesSchema' })
export class BulkToggleFeaturesSchema {
  @ApiProperty({ type: [String], description: 'Names of features of the project to switch', example: ['my-feature-4', 'my-feature-5'] })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @Length(1, 255, { each: true, message: 'must contain feature names of 1 to 255 characters' })
  features: string[];
}

@ApiSchema({ name: 'cloneFeatureSchema' })
export class CloneFeatureSchema {
  @ApiProperty({ description: 'Name of the new feature: unique across the service, URL-safe', example: 'checkout-copy', maxLength: 100 })
  @IsUrlSafeName()
  name: string;

  @ApiPropertyOptional({
    description: "Whether strategies' groupId (which stickiness is computed from) becomes the new name; default true",
    default: true,
  })
  @IsOptional()
  @IsBoolean()
  replaceGroupId?: boolean;
}

@ApiSchema({ name: 'variantOverrideSchema' })
class VariantOverrideSchema {
  @ApiProperty({ example: 'userId' }) contextName: string;
  @ApiProperty({ type: [String] }) values: string[];
}

@ApiSchema({ name: 'featureVariantPayloadSchema' })
class FeatureVariantPayloadSchema {
  @ApiProperty({ enum: ['json', 'csv', 'string', 'number'] }) type: string;
  @ApiProperty() value: string;
}

@ApiSchema({ name: 'variantSchema' })
export class VariantSchema {
  @ApiProperty({ description: 'Unique among the variants, URL-friendly', example: 'blue' }) name: string;
  @ApiProperty({ minimum: 0, maximum: 1000, description: 'Per mille; fixed for `fix` variants, computed for `variable` ones' })
  weight: number;
  @ApiPropertyOptional({ enum: ['variable', 'fix'], default: 'variable' }) weightType: string;
  @ApiPropertyOptional({ default: 'default' }) stickiness: string;
  @ApiPropertyOptional({ type: FeatureVariantPayloadSchema }) payload?: FeatureVariantPayloadSchema;
  @ApiPropertyOptional({ type: [VariantOverrideSchema] }) overrides?: VariantOverrideSchema[];
}

/** The body of `PUT …/variants`, checked by `checkFeatureVariants`; the route declares it as `[VariantSchema]`. */
@ListBody()
export class FeatureVariantsBody {
  @Details('featureVariants', checkFeatureVariants) items: Record<string, unknown>[];
}

@ApiSchema({ name: 'pushVariantsSchema', description: 'Variants to write to several environments of a feature' })
export class PushVariantsSchema {
  @ApiPropertyOptional({ type: [VariantSchema], description: 'The variants to write (none when omitted)' })
  @IsOptional()
  @Details('featureVariants', checkFeatureVariants)
  variants?: Record<string, unknown>[];

  @ApiProperty({ type: [String], description: 'The environments to write them to', example: ['development', 'production'] })
  @IsDefined()
  @IsArray()
  @ArrayNotEmpty({ message: 'No environments provided' })
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  environments: string[];
}

@ApiSchema({ name: 'variantsSchema' })
export class VariantsSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ type: [VariantSchema] }) variants: VariantSchema[];
}

@ApiSchema({ name: 'tagSchema' })
export class TagSchema {
  @ApiProperty({ example: 'simple', minLength: 2, maxLength: 50 }) type: string;
  @ApiProperty({ example: 'team-checkout', minLength: 2, maxLength: 50 }) value: string;
}

@ApiSchema({ name: 'dependencySchema' })
export class DependencySchema {
  @ApiProperty({ description: 'The parent feature' }) feature: string;
  @ApiProperty({ description: 'Whether the parent must be enabled (true) or disabled (false)' }) enabled: boolean;
  @ApiProperty({ type: [String], description: 'Variants of the parent the child requires (any when empty)' }) variants: string[];
}

@ApiSchema({ name: 'featureLifecycleStageSchema' })
export class LifecycleSchema {
  @ApiProperty({ enum: LIFECYCLE_STAGES }) stage: string;
  @ApiPropertyOptional({ description: 'For completed: kept or discarded' }) status?: string;
  @ApiProperty({ format: 'date-time' }) enteredStageAt: string;
}

@ApiSchema({ name: 'featureEnvironmentSchema' })
export class FeatureEnvironmentSchema {
  @ApiProperty({ example: 'production' }) name: string;
  @ApiProperty({ example: 'production' }) type: string;
  @ApiProperty() enabled: boolean;
  @ApiProperty() sortOrder: number;
  @ApiProperty({ type: [FeatureStrategySchema], description: 'In their order' }) strategies: FeatureStrategySchema[];
  @ApiProperty({ type: [VariantSchema] }) variants: VariantSchema[];
  @ApiProperty({ format: 'date-time', type: String, nullable: true }) lastSeenAt: string | null;
}

class FeatureFields {
  @ApiProperty({ example: 'new-checkout' }) name: string;
  @ApiProperty({ description: TYPE_DESCRIPTION, example: 'release' }) type: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ example: 'default' }) project: string;
  @ApiProperty() stale: boolean;
  @ApiProperty() impressionData: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', type: String, nullable: true }) archivedAt: string | null;
  @ApiProperty({ format: 'date-time', type: String, nullable: true, description: 'Deprecated: see each environment' }) lastSeenAt:
    string | null;
}

@ApiSchema({ name: 'featureSchema' })
export class FeatureSchema extends FeatureFields {
  @ApiProperty() archived: boolean;
  @ApiProperty({ description: "In the calling user's favourites (always false for API tokens)" }) favorite: boolean;
  @ApiProperty({ type: [DependencySchema], description: 'The parent this feature depends on (at most one)' })
  dependencies: DependencySchema[];
  @ApiProperty({ type: [String], description: 'Features that depend on this one' }) children: string[];
  @ApiPropertyOptional({ type: LifecycleSchema, description: 'The furthest lifecycle stage reached' }) lifecycle?: LifecycleSchema;
  @ApiProperty({ type: [FeatureEnvironmentSchema] }) environments: FeatureEnvironmentSchema[];
  @ApiProperty({ type: [VariantSchema], description: 'Deprecated: the variants of every environment, merged by name' })
  variants: VariantSchema[];
  @ApiProperty({ type: [TagSchema] }) tags: TagSchema[];
}

@ApiSchema({ name: 'projectFeatureEnvironmentSchema' })
class FeatureEnvironmentSummarySchema {
  @ApiProperty() name: string;
  @ApiProperty() type: string;
  @ApiProperty() enabled: boolean;
  @ApiProperty() sortOrder: number;
  @ApiProperty() variantCount: number;
  @ApiProperty({ format: 'date-time', type: String, nullable: true }) lastSeenAt: string | null;
  @ApiProperty() hasStrategies: boolean;
  @ApiProperty() hasEnabledStrategies: boolean;
}

@ApiSchema({ name: 'projectFeatureSchema' })
export class ProjectFeatureSchema extends FeatureFields {
  @ApiProperty() favorite: boolean;
  @ApiProperty({ enum: ['parent', 'child', null], nullable: true, type: String }) dependencyType: string | null;
  @ApiProperty({ type: [FeatureEnvironmentSummarySchema] }) environments: FeatureEnvironmentSummarySchema[];
  @ApiProperty({ type: [TagSchema] }) tags: TagSchema[];
}

@ApiSchema({ name: 'projectFeaturesSchema' })
export class ProjectFeaturesSchema {
  @ApiProperty({ example: 2 }) version: number;
  @ApiProperty({ type: [ProjectFeatureSchema] }) features: ProjectFeatureSchema[];
}

@ApiSchema({ name: 'archivedFeatureSchema' })
export class ArchivedFeatureSchema extends FeatureFields {
  @ApiProperty({ example: true }) archived: boolean;
}

@ApiSchema({ name: 'archivedFeaturesSchema' })
export class ArchivedFeaturesSchema {
  @ApiProperty({ example: 2 }) version: number;
  @ApiProperty({ type: [ArchivedFeatureSchema] }) features: ArchivedFeatureSchema[];
}

@ApiSchema({ name: 'featureEnvironmentInfoSchema' })
export class FeatureEnvironmentInfoSchema {
  @ApiProperty({ description: 'The feature (as Unleash names it here)', example: 'new-checkout' }) name: string;
  @ApiProperty({ example: 'new-checkout' }) featureName: string;
  @ApiProperty({ example: 'production' }) environment: string;
  @ApiProperty({ example: 'production', description: 'Type of the environment' }) type: string;
  @ApiProperty() enabled: boolean;
  @ApiProperty() sortOrder: number;
  @ApiProperty({ type: [FeatureStrategySchema], description: 'In their order' }) strategies: FeatureStrategySchema[];
  @ApiProperty({ type: [VariantSchema] }) variants: VariantSchema[];
  @ApiProperty({ format: 'date-time', type: String, nullable: true }) lastSeenAt: string | null;
}

@ApiSchema({ name: 'featureLifecycleCompletedSchema' })
export class FeatureLifecycleCompletedSchema {
  @ApiProperty({ enum: COMPLETED_STATUSES, description: 'Whether the feature is kept (cleaned up in code, flag kept on) or discarded' })
  @IsDefined()
  @IsIn(COMPLETED_STATUSES, { message: `must be equal to one of the allowed values: ${COMPLETED_STATUSES.join(', ')}` })
  status: string;

  @ApiPropertyOptional({ description: 'E.g. the variant that was kept', maxLength: 255 })
  @IsOptional()
  @IsString()
  @Length(1, 255, { message: 'must be from 1 to 255 characters long' })
  statusValue?: string;
}

@ApiSchema({ name: 'createDependentFeatureSchema' })
export class CreateDependentFeatureSchema {
  @ApiProperty({ description: 'The parent: an active feature of the same project that has no parent itself', example: 'new-checkout' })
  @IsUrlSafeName()
  feature: string;

  @ApiPropertyOptional({ description: 'Whether the parent must be enabled (default) or disabled', default: true })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;

  @ApiPropertyOptional({ type: [String], description: 'Variants of the parent the child requires; only with an enabled parent' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Length(1, 100, { each: true, message: 'must contain variant names of 1 to 100 characters' })
  variants?: string[];
}

@ApiSchema({
  name: 'validateFeatureSchema',
  description: "A feature's name to check before creating it. No other properties are accepted.",
})
export class ValidateFeatureSchema {
  @ApiProperty({ example: 'my-feature-3' })
  @IsDefined()
  @IsString()
  name: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'The project the feature would be created in', example: 'default' })
  @IsOptional()
  @IsString()
  projectId?: string | null;
}

@ApiSchema({ name: 'featureLifecycleCountSchema', description: 'Features per current lifecycle stage' })
export class FeatureLifecycleCountSchema {
  @ApiProperty({ example: 1, description: 'Features in the initial stage' }) initial: number;
  @ApiProperty({ example: 1, description: 'Features in the pre-live stage' }) preLive: number;
  @ApiProperty({ example: 1, description: 'Features in the live stage' }) live: number;
  @ApiProperty({ example: 1, description: 'Features in the completed stage' }) completed: number;
  @ApiProperty({ example: 1, description: 'Archived features' }) archived: number;
}
