import { Body, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import {
  CreateTagTypeSchema,
  TagTypeResponseSchema,
  TagTypeSchema,
  TagTypesSchema,
  UpdateTagTypeSchema,
  ValidateTagTypeSchema,
} from './tag.dto.js';
import { TagTypeService } from './tag-type.service.js';
import { NamePath } from '../../core/http/route-paths.js';

@AdminController('tag-types', 'Tags')
export class TagTypeController {
  constructor(private readonly tagTypes: TagTypeService) {}

  @Get()
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getTagTypes', summary: 'List the tag types, by name.' })
  @ApiOkResponse({ type: TagTypesSchema })
  async list(): Promise<TagTypesSchema> {
    return { version: 1, tagTypes: await this.tagTypes.list() };
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('CREATE_TAG_TYPE')
  @ApiOperation({ operationId: 'createTagType', summary: 'Create a tag type.' })
  @ApiErrors(409)
  @ApiCreatedResponse({ type: TagTypeSchema })
  create(@Body() body: CreateTagTypeSchema, @CurrentActor() actor: Actor): Promise<TagTypeSchema> {
    return this.tagTypes.create(body, actor);
  }

  @Post('validate')
  @HttpCode(200)
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'validateTagType', summary: 'Check that a tag type could be created (409 when the name is taken).' })
  @ApiErrors(409)
  @ApiOkResponse({ type: ValidateTagTypeSchema })
  async validate(@Body() body: CreateTagTypeSchema): Promise<ValidateTagTypeSchema> {
    return { valid: true, tagType: await this.tagTypes.validate(body) };
  }

  @Get(':name')
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getTagType', summary: 'One tag type.' })
  @ApiErrors(404)
  @ApiOkResponse({ type: TagTypeResponseSchema })
  async get(@Param() { name }: NamePath): Promise<TagTypeResponseSchema> {
    return { version: 1, tagType: await this.tagTypes.get(name) };
  }

  @Put(':name')
  @RequirePermission('UPDATE_TAG_TYPE')
  @ApiOperation({ operationId: 'updateTagType', summary: "Change a tag type's description, icon or colour (omitted fields are kept)." })
  @ApiErrors(404)
  @ApiOkResponse({ type: TagTypeSchema })
  update(@Param() { name }: NamePath, @Body() body: UpdateTagTypeSchema, @CurrentActor() actor: Actor): Promise<TagTypeSchema> {
    return this.tagTypes.update(name, body, actor);
  }

  @Delete(':name')
  @RequirePermission('DELETE_TAG_TYPE')
  @ApiOperation({ operationId: 'deleteTagType', summary: 'Delete a tag type; its tags are removed from every feature.' })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Deleted' })
  async remove(@Param() { name }: NamePath, @CurrentActor() actor: Actor): Promise<void> {
    await this.tagTypes.delete(name, actor);
  }
}
