import { Body, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { TagSchema } from '../features/index.js';
import { FeatureTagService } from './feature-tag.service.js';
import { CreateTagSchema, TagsSchema, UpdateTagsSchema } from './tag.dto.js';
import type { Tag } from './tag.model.js';
import { FeaturePath } from '../../core/http/route-paths.js';
import { FeatureTagPath } from './tags.paths.js';

/** Tags on a feature, addressed by the feature's name alone (its project is found from it). */
@AdminController('features', 'Features')
export class FeatureTagController {
  constructor(private readonly tags: FeatureTagService) {}

  @Get(':featureName/tags')
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'listTags', summary: 'The tags of a feature (archived features too).' })
  @ApiErrors(404)
  @ApiOkResponse({ type: TagsSchema })
  async list(@Param() { featureName }: FeaturePath): Promise<TagsSchema> {
    return { version: 1, tags: await this.tags.list(featureName) };
  }

  @Post(':featureName/tags')
  @HttpCode(201)
  @RequirePermission('UPDATE_FEATURE')
  @ApiOperation({
    operationId: 'addTag',
    summary: 'Tag a feature with a value of an existing tag type (409 when it has that tag already).',
  })
  @ApiErrors(409)
  @ApiCreatedResponse({ type: TagSchema })
  add(@Param() { featureName }: FeaturePath, @Body() body: CreateTagSchema, @CurrentActor() actor: Actor): Promise<Tag> {
    return this.tags.add(featureName, { type: body.type, value: body.value }, actor);
  }

  @Put(':featureName/tags')
  @RequirePermission('UPDATE_FEATURE')
  @ApiOperation({ operationId: 'updateTags', summary: 'Add and remove tags of a feature in one go.' })
  @ApiOkResponse({ type: TagsSchema })
  async update(@Param() { featureName }: FeaturePath, @Body() body: UpdateTagsSchema, @CurrentActor() actor: Actor): Promise<TagsSchema> {
    const toTag = (tag: Tag) => ({ type: tag.type, value: tag.value });
    return {
      version: 1,
      tags: await this.tags.update(featureName, { addedTags: body.addedTags.map(toTag), removedTags: body.removedTags.map(toTag) }, actor),
    };
  }

  @Delete(':featureName/tags/:type/:value')
  @RequirePermission('UPDATE_FEATURE')
  @ApiOperation({ operationId: 'removeTag', summary: 'Remove a tag from a feature.' })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Removed' })
  async remove(@Param() { featureName, type, value }: FeatureTagPath, @CurrentActor() actor: Actor): Promise<void> {
    await this.tags.remove(featureName, { type, value }, actor);
  }
}
