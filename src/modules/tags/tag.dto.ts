import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsOptional, IsString, Length, Matches, ValidateNested } from 'class-validator';
import { TagSchema } from '../features/index.js';
import { IsUrlSafeName } from '../../core/http/url-safe-name.js';

const COLOR = /^#[0-9A-Fa-f]{6}$/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

@ApiSchema({ name: 'tagTypeSchema' })
export class TagTypeSchema {
  @ApiProperty({ example: 'team', minLength: 2, maxLength: 50 }) name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Icon name shown with the tags' }) icon: string | null;
  @ApiProperty({ type: String, nullable: true, example: '#FFFFFF', description: 'Colour shown with the tags' }) color: string | null;
}

@ApiSchema({ name: 'createTagTypeSchema' })
export class CreateTagTypeSchema {
  @ApiProperty({ example: 'team', minLength: 2, maxLength: 50, description: 'Unique and URL-safe' })
  @IsUrlSafeName(2, 50)
  name: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  @Length(0, 1000, { message: 'must be at most 1000 characters long' })
  description?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255 })
  @IsOptional()
  @IsString()
  @Length(0, 255, { message: 'must be at most 255 characters long' })
  icon?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '#1A73E8' })
  @IsOptional()
  @Matches(COLOR, { message: 'must be a colour such as #1A73E8' })
  color?: string | null;
}

@ApiSchema({ name: 'updateTagTypeSchema' })
export class UpdateTagTypeSchema {
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Kept when omitted' })
  @IsOptional()
  @IsString()
  @Length(0, 1000, { message: 'must be at most 1000 characters long' })
  description?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Kept when omitted' })
  @IsOptional()
  @IsString()
  @Length(0, 255, { message: 'must be at most 255 characters long' })
  icon?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Kept when omitted' })
  @IsOptional()
  @Matches(COLOR, { message: 'must be a colour such as #1A73E8' })
  color?: string | null;
}

@ApiSchema({ name: 'tagTypesSchema' })
export class TagTypesSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ type: [TagTypeSchema] }) tagTypes: TagTypeSchema[];
}

@ApiSchema({ name: 'tagTypeResponseSchema' })
export class TagTypeResponseSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ type: TagTypeSchema }) tagType: TagTypeSchema;
}

@ApiSchema({ name: 'validateTagTypeSchema' })
export class ValidateTagTypeSchema {
  @ApiProperty({ example: true }) valid: boolean;
  @ApiProperty({ type: TagTypeSchema }) tagType: TagTypeSchema;
}

/** A tag to put on a feature; the value is trimmed. */
@ApiSchema({ name: 'createTagSchema' })
export class CreateTagSchema {
  @ApiProperty({ example: 'team-checkout', minLength: 2, maxLength: 50 })
  @Transform(trimmed)
  @IsDefined()
  @IsString()
  @Length(2, 50, { message: 'must be from 2 to 50 characters long' })
  value: string;

  @ApiProperty({ example: 'simple', minLength: 2, maxLength: 50, description: 'An existing tag type' })
  @IsUrlSafeName(2, 50)
  type: string;
}

@ApiSchema({ name: 'tagsSchema' })
export class TagsSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ type: [TagSchema] }) tags: TagSchema[];
}

@ApiSchema({ name: 'updateTagsSchema' })
export class UpdateTagsSchema {
  @ApiProperty({ type: [CreateTagSchema], description: 'Tags to add (those the feature has already are skipped)' })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => CreateTagSchema)
  addedTags: CreateTagSchema[];

  @ApiProperty({ type: [CreateTagSchema], description: 'Tags to remove (those the feature does not have are skipped)' })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => CreateTagSchema)
  removedTags: CreateTagSchema[];
}

@ApiSchema({ name: 'tagWithVersionSchema' })
export class TagWithVersionSchema {
  @ApiProperty({ example: 1 }) version: number;
  @ApiProperty({ type: TagSchema }) tag: TagSchema;
}

@ApiSchema({ name: 'tagsBulkAddSchema' })
export class TagsBulkAddSchema {
  @ApiProperty({ type: [String], description: 'Names of features of the project', example: ['checkout', 'basket'] })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @Length(1, 255, { each: true, message: 'must contain feature names of 1 to 255 characters' })
  features: string[];

  @ApiProperty({ type: UpdateTagsSchema, description: 'The tags to add to and remove from every listed feature' })
  @IsDefined()
  @ValidateNested()
  @Type(() => UpdateTagsSchema)
  tags: UpdateTagsSchema;
}
