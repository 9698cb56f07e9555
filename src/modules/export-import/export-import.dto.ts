import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Details } from '../../core/http/rule.decorator.js';
import { IsUrlSafeName } from '../../core/http/url-safe-name.js';
import { CreateContextFieldSchema, LegalValueSchema } from '../context-fields/index.js';
import { checkFeatureVariants, CreateFeatureSchema, VariantSchema } from '../features/index.js';
import { FeatureStrategySchema } from '../strategies/index.js';
import { CreateTagTypeSchema, TagTypeSchema } from '../tags/index.js';

const SELECTOR_MESSAGE = 'must be given when neither tag nor project is: name the features to export';

@ApiSchema({
  name: 'exportQuerySchema',
  description:
    'Which features to export from the environment: those carrying the `tag` value, else the `features` named, else the active features of `project` (of every project when `features` is an empty list). No other properties are accepted.',
})
export class ExportQuerySchema {
  @ApiProperty({ example: 'development', description: 'The environment to export from' })
  @IsDefined()
  @IsString()
  environment: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['MyAwesomeFeature'],
    description: 'Selects features to export by name; an empty list selects the active features of `project`, or of every project',
  })
  @ValidateIf((query: ExportQuerySchema) => query.features !== undefined || (query.tag === undefined && query.project === undefined))
  @IsDefined({ message: SELECTOR_MESSAGE })
  @IsArray()
  @IsString({ each: true })
  @MinLength(1, { each: true, message: 'must hold names of at least 1 character' })
  features?: string[];

  @ApiPropertyOptional({ example: 'release', description: 'Selects the features carrying a tag of this value (any tag type)' })
  @IsOptional()
  @IsString()
  tag?: string;

  @ApiPropertyOptional({ example: 'my-project', description: "Selects the project's active features" })
  @IsOptional()
  @IsString()
  project?: string;

  @ApiPropertyOptional({ example: true, description: 'Accepted as Unleash accepts it; the export is answered as JSON either way' })
  @IsOptional()
  @IsBoolean()
  downloadFile?: boolean;
}

@ApiSchema({ name: 'exportedFeatureSchema', description: 'A feature of an export.' })
export class ExportedFeatureSchema {
  @ApiProperty({ example: 'my-feature' }) name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ example: 'release' }) type: string;
  @ApiProperty({ example: 'default' }) project: string;
  @ApiProperty() stale: boolean;
  @ApiProperty() impressionData: boolean;
  @ApiProperty() archived: boolean;
}

@ApiSchema({ name: 'exportedFeatureEnvironmentSchema', description: "A feature's state and variants in the exported environment." })
export class ExportedFeatureEnvironmentSchema {
  @ApiProperty() enabled: boolean;
  @ApiProperty() featureName: string;
  @ApiProperty() environment: string;
  @ApiProperty({ type: [VariantSchema] }) variants: VariantSchema[];
  @ApiProperty({ description: 'The feature name again, as Unleash writes it' }) name: string;
}

@ApiSchema({ name: 'exportedContextFieldSchema', description: 'A context field a strategy or variant of the export uses.' })
export class ExportedContextFieldSchema {
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty() stickiness: boolean;
  @ApiProperty() sortOrder: number;
  @ApiProperty({ type: [LegalValueSchema] }) legalValues: LegalValueSchema[];
  @ApiPropertyOptional({ description: 'Only for a field of one project' }) project?: string;
}

@ApiSchema({ name: 'featureTagSchema', description: 'A tag on a feature.' })
export class FeatureTagSchema {
  @ApiProperty() featureName: string;
  @ApiProperty({ example: 'simple' }) tagType: string;
  @ApiProperty({ example: 'user-facing' }) tagValue: string;
  @ApiProperty({ type: Number, nullable: true }) createdByUserId: number | null;
}

@ApiSchema({ name: 'exportedSegmentSchema', description: 'A segment a strategy of the export uses: its id there and its name.' })
export class ExportedSegmentSchema {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
}

@ApiSchema({ name: 'dependentFeatureSchema' })
export class DependentFeatureSchema {
  @ApiProperty({ description: 'The parent feature' }) feature: string;
  @ApiProperty() enabled: boolean;
  @ApiProperty({ type: [String] }) variants: string[];
}

@ApiSchema({ name: 'featureDependenciesSchema', description: 'The parents of one feature.' })
export class FeatureDependenciesSchema {
  @ApiProperty({ description: 'The child feature' }) feature: string;
  @ApiProperty({ type: [DependentFeatureSchema] }) dependencies: DependentFeatureSchema[];
}

@ApiSchema({
  name: 'exportResultSchema',
  description: 'The exported features with their strategies, state and variants in one environment, and what those use.',
})
export class ExportResultSchema {
  @ApiProperty({ type: [ExportedFeatureSchema] }) features: ExportedFeatureSchema[];
  @ApiProperty({ type: [FeatureStrategySchema] }) featureStrategies: FeatureStrategySchema[];
  @ApiProperty({ type: [ExportedFeatureEnvironmentSchema] }) featureEnvironments: ExportedFeatureEnvironmentSchema[];
  @ApiProperty({ type: [ExportedContextFieldSchema] }) contextFields: ExportedContextFieldSchema[];
  @ApiProperty({ type: [FeatureTagSchema] }) featureTags: FeatureTagSchema[];
  @ApiProperty({ type: [ExportedSegmentSchema] }) segments: ExportedSegmentSchema[];
  @ApiProperty({ type: [TagTypeSchema] }) tagTypes: TagTypeSchema[];
  @ApiProperty({ type: [FeatureDependenciesSchema] }) dependencies: FeatureDependenciesSchema[];
}

/* The import body: an export (from Flagwright or Unleash) and where to put it. */

export class ImportFeatureSchema extends CreateFeatureSchema {
  @ApiPropertyOptional({ description: 'Where it was exported from; the import puts it in the body’s project' })
  @IsOptional()
  @IsString()
  project?: string;

  @ApiPropertyOptional({ description: 'Read, not imported' }) @IsOptional() @IsBoolean() stale?: boolean;
  @ApiPropertyOptional({ description: 'Read, not imported' }) @IsOptional() @IsBoolean() archived?: boolean;
  @ApiPropertyOptional({ description: 'Read, not imported' }) @Allow() createdAt?: unknown;
  @ApiPropertyOptional({ description: 'Read, not imported' }) @Allow() archivedAt?: unknown;
}

/** A strategy's own properties are checked as a create's body is (under this item's pointer) when it is imported. */
export class ImportStrategySchema {
  @ApiProperty({ example: 'flexibleRollout' }) @IsDefined() @IsString() name: string;
  @ApiProperty({ description: 'The feature the strategy belongs to' }) @IsDefined() @IsString() featureName: string;
  @ApiPropertyOptional({ description: 'Read, not imported: the import makes new ids' }) @Allow() id?: unknown;
  @ApiPropertyOptional({ type: String, nullable: true }) @Allow() title?: unknown;
  @ApiPropertyOptional({ type: Boolean, nullable: true }) @Allow() disabled?: unknown;
  @ApiPropertyOptional() @Allow() sortOrder?: unknown;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } }) @Allow() parameters?: unknown;
  @ApiPropertyOptional({ type: 'array', items: { type: 'object' } }) @Allow() constraints?: unknown;
  @ApiPropertyOptional({ type: 'array', items: { type: 'object' } }) @Allow() variants?: unknown;

  @ApiPropertyOptional({ type: [Number], description: 'Ids of the export’s `segments`, matched by name at import' })
  @IsOptional()
  @IsArray()
  @IsInt({ each: true })
  segments?: number[];
}

export class ImportFeatureEnvironmentSchema {
  @ApiProperty() @IsDefined() @IsBoolean() enabled: boolean;
  @ApiProperty({ description: 'The feature' }) @IsUrlSafeName() name: string;
  @ApiPropertyOptional({ description: 'The feature; `name` when omitted' }) @IsOptional() @IsString() featureName?: string;
  @ApiPropertyOptional({ description: 'Where it was exported from; read, not imported' }) @IsOptional() @IsString() environment?: string;

  @ApiPropertyOptional({ type: [VariantSchema], description: 'Replace the variants in the target environment when not empty' })
  @IsOptional()
  @Details('featureVariants', checkFeatureVariants)
  variants?: Record<string, unknown>[];
}

export class ImportContextFieldSchema extends CreateContextFieldSchema {
  @ApiPropertyOptional({ description: 'Read, not imported' }) @Allow() createdAt?: unknown;
  @ApiPropertyOptional({ description: 'Read, not imported' }) @Allow() usedInFeatures?: unknown;
  @ApiPropertyOptional({ description: 'Read, not imported' }) @Allow() usedInProjects?: unknown;
}

export class ImportFeatureTagSchema {
  @ApiProperty() @IsDefined() @IsString() featureName: string;
  @ApiProperty({ example: 'simple' }) @IsUrlSafeName(2, 50) tagType: string;

  @ApiProperty({ example: 'user-facing' })
  @IsDefined()
  @IsString()
  @Length(2, 50, { message: 'must be from 2 to 50 characters long' })
  tagValue: string;

  @ApiPropertyOptional({ description: 'Read, not imported' }) @Allow() createdByUserId?: unknown;
}

export class ImportSegmentSchema {
  @ApiProperty({ description: 'Its id where it was exported from' }) @IsDefined() @IsInt() id: number;
  @ApiProperty({ description: 'An existing segment of this name is used' }) @IsDefined() @IsString() name: string;
}

export class ImportDependentFeatureSchema {
  @ApiProperty({ description: 'The parent feature' }) @IsDefined() @IsString() feature: string;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() enabled?: boolean;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @IsString({ each: true }) variants?: string[];
}

export class ImportDependenciesSchema {
  @ApiProperty({ description: 'The child feature' }) @IsDefined() @IsString() feature: string;

  @ApiProperty({ type: [ImportDependentFeatureSchema] })
  @IsDefined()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ImportDependentFeatureSchema)
  dependencies: ImportDependentFeatureSchema[];
}

/** Decorators of an optional list of `item`s. */
function optionalList(item: new () => object) {
  return (target: object, key: string) => {
    IsOptional()(target, key);
    IsArray()(target, key);
    ValidateNested({ each: true })(target, key);
    Type(() => item)(target, key);
  };
}

/** Decorators of a required list of `item`s. */
function requiredList(item: new () => object) {
  return (target: object, key: string) => {
    IsDefined()(target, key);
    IsArray()(target, key);
    ValidateNested({ each: true })(target, key);
    Type(() => item)(target, key);
  };
}

@ApiSchema({ name: 'importDataSchema', description: 'An export: what `exportFeatures` answers.' })
export class ImportDataSchema {
  @ApiProperty({ type: [ImportFeatureSchema] }) @requiredList(ImportFeatureSchema) features: ImportFeatureSchema[];
  @ApiProperty({ type: [ImportStrategySchema] }) @requiredList(ImportStrategySchema) featureStrategies: ImportStrategySchema[];
  @ApiProperty({ type: [CreateTagTypeSchema] }) @requiredList(CreateTagTypeSchema) tagTypes: CreateTagTypeSchema[];

  @ApiPropertyOptional({ type: [ImportFeatureEnvironmentSchema] })
  @optionalList(ImportFeatureEnvironmentSchema)
  featureEnvironments?: ImportFeatureEnvironmentSchema[];

  @ApiPropertyOptional({ type: [ImportContextFieldSchema] })
  @optionalList(ImportContextFieldSchema)
  contextFields?: ImportContextFieldSchema[];

  @ApiPropertyOptional({ type: [ImportFeatureTagSchema] }) @optionalList(ImportFeatureTagSchema) featureTags?: ImportFeatureTagSchema[];
  @ApiPropertyOptional({ type: [ImportSegmentSchema] }) @optionalList(ImportSegmentSchema) segments?: ImportSegmentSchema[];

  @ApiPropertyOptional({ type: [ImportDependenciesSchema] })
  @optionalList(ImportDependenciesSchema)
  dependencies?: ImportDependenciesSchema[];

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object' },
    description: 'Unleash’s feature links: Flagwright has none, so only [] is accepted',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(0, { message: 'must be empty: Flagwright has no feature links to import them into' })
  links?: unknown[];
}

@ApiSchema({ name: 'importTogglesSchema', description: 'An export and where to import it. No other properties are accepted.' })
export class ImportTogglesSchema {
  @ApiProperty({ example: 'my-project', description: 'The project to import into' }) @IsDefined() @IsString() project: string;
  @ApiProperty({ example: 'development', description: 'The environment to import into' })
  @IsDefined()
  @IsString()
  environment: string;

  @ApiProperty({ type: ImportDataSchema })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => ImportDataSchema)
  data: ImportDataSchema;
}

@ApiSchema({ name: 'importTogglesValidateItemSchema', description: 'An error or warning of an import, and what it is about.' })
export class ImportTogglesValidateItemSchema {
  @ApiProperty({ example: 'The following features already exist in this project and will be overwritten:' }) message: string;
  @ApiProperty({ type: [String], example: ['my-feature'] }) affectedItems: string[];
}

@ApiSchema({ name: 'importTogglesValidateSchema', description: 'What an import of the data would refuse, warn about, and need.' })
export class ImportTogglesValidateSchema {
  @ApiProperty({ type: [ImportTogglesValidateItemSchema], description: 'What makes the import refused' })
  errors: ImportTogglesValidateItemSchema[];

  @ApiProperty({ type: [ImportTogglesValidateItemSchema] }) warnings: ImportTogglesValidateItemSchema[];

  @ApiProperty({
    type: [ImportTogglesValidateItemSchema],
    description: 'The permissions the caller lacks for this import (their display names)',
  })
  permissions: ImportTogglesValidateItemSchema[];
}
