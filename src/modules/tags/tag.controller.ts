import { Body, Delete, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AcceptsNoBody } from '../../core/http/content-type.guard.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ProjectPath } from '../../core/http/route-paths.js';
import { TagTypeNamePath, TagValuePath } from './tags.paths.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { FeatureTagService } from './feature-tag.service.js';
import { CreateTagSchema, TagsBulkAddSchema, TagsSchema, TagWithVersionSchema } from './tag.dto.js';
import type { Tag } from './tag.model.js';
import { TagService } from './tag.service.js';

const toTag = (tag: Tag): Tag => ({ type: tag.type, value: tag.value });

/** Tag values (`type:value`) themselves, whether or not a feature has them. */
@AdminController('tags', 'Tags')
export class TagController {
  constructor(private readonly tags: TagService) {}

  @Get()
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getTags', summary: 'Every tag value, by type then value.' })
  @ApiOkResponse({ type: TagsSchema })
  async list(): Promise<TagsSchema> {
    return { version: 1, tags: await this.tags.list() };
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'createTag',
    summary: 'Create a tag value of an existing tag type (the value is trimmed); 409 when it exists.',
  })
  @ApiErrors(409)
  @ApiCreatedResponse({
    type: TagWithVersionSchema,
    headers: { Location: { description: 'tags/{type}/{value}', schema: { type: 'string' } } },
  })
  async create(
    @Body() body: CreateTagSchema,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TagWithVersionSchema> {
    const tag = await this.tags.create(toTag(body), actor);
    res.setHeader('Location', `tags/${encodeURIComponent(tag.type)}/${encodeURIComponent(tag.value)}`);
    return { version: 1, tag };
  }

  @Get(':type')
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getTagsByType', summary: 'The tag values of one type, by value (none for an unknown type).' })
  @ApiOkResponse({ type: TagsSchema })
  async listOfType(@Param() { type }: TagTypeNamePath): Promise<TagsSchema> {
    return { version: 1, tags: await this.tags.list(type) };
  }

  @Get(':type/:value')
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getTag', summary: 'One tag value: 200 when it exists, 404 otherwise.' })
  @ApiErrors(404)
  @ApiOkResponse({ type: TagWithVersionSchema })
  async get(@Param() { type, value }: TagValuePath): Promise<TagWithVersionSchema> {
    return { version: 1, tag: await this.tags.get({ type, value }) };
  }

  @Delete(':type/:value')
  @RequirePermission('UPDATE_FEATURE')
  @AcceptsNoBody()
  @ApiOperation({ operationId: 'deleteTag', summary: 'Delete a tag value: every feature loses it.' })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Deleted' })
  async remove(@Param() { type, value }: TagValuePath, @CurrentActor() actor: Actor): Promise<void> {
    await this.tags.delete({ type, value }, actor);
  }
}

/** Tagging several features of a project at once. */
@AdminController('projects', 'Tags')
export class ProjectTagController {
  constructor(private readonly featureTags: FeatureTagService) {}

  @Put(':projectId/tags')
  @RequirePermission('UPDATE_FEATURE')
  @ApiOperation({
    operationId: 'addTagToFeatures',
    summary:
      'Add and remove tags on several features of the project, creating tag values not seen before; one event per feature and tag changed.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Done' })
  async update(@Param() { projectId }: ProjectPath, @Body() body: TagsBulkAddSchema, @CurrentActor() actor: Actor): Promise<void> {
    await this.featureTags.updateMany(
      projectId,
      body.features,
      { addedTags: body.tags.addedTags.map(toTag), removedTags: body.tags.removedTags.map(toTag) },
      actor,
    );
  }
}
