import { Body, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { NameSchema } from '../../core/http/name.dto.js';
import { ApiErrors, LOCATION_HEADER } from '../../core/http/openapi.js';
import {
  ContextFieldSchema,
  ContextFieldsQuery,
  ContextFieldStrategiesSchema,
  CreateContextFieldSchema,
  LegalValueSchema,
  toContextFieldSchema,
  toLegalValues,
  UpdateContextFieldSchema,
} from './context-field.dto.js';
import { ProjectContextFieldPath, ProjectLegalValuePath } from './context-fields.paths.js';
import { ProjectPath } from '../../core/http/route-paths.js';
import { ContextFieldService } from './context-field.service.js';

/** A project's own context fields: `/api/admin/projects/{projectId}/context` (Unleash's `…ForProject` operations). */
@AdminController('projects/:projectId/context', 'Context')
export class ProjectContextFieldController {
  constructor(
    private readonly fields: ContextFieldService,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  @Get()
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getContextFieldsForProject',
    summary: "The project's own context fields; `include=root` adds the root ones.",
  })
  @ApiOkResponse({ type: [ContextFieldSchema] })
  async list(@Param() { projectId }: ProjectPath, @Query() query: ContextFieldsQuery): Promise<ContextFieldSchema[]> {
    return (await this.fields.list({ projectId, include: query.include })).map(toContextFieldSchema);
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('CREATE_CONTEXT_FIELD', 'UPDATE_PROJECT_CONTEXT')
  @ApiOperation({ operationId: 'createContextFieldForProject', summary: 'Create a context field; 409 when the name is taken.' })
  @ApiErrors(404, 409)
  @ApiCreatedResponse({ type: ContextFieldSchema, description: 'Created; the `location` header gives its URL', headers: LOCATION_HEADER })
  async create(
    @Param() { projectId }: ProjectPath,
    @Body() body: CreateContextFieldSchema,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ContextFieldSchema> {
    const field = await this.fields.create(body, actor, projectId);
    res.setHeader('location', `${this.config.basePath}/api/admin/projects/${projectId}/context/${field.name}`);
    return toContextFieldSchema(field);
  }

  @Post('validate')
  @HttpCode(200)
  @RequirePermission('UPDATE_CONTEXT_FIELD', 'UPDATE_PROJECT_CONTEXT')
  @ApiOperation({
    operationId: 'validateContextFieldNameForProject',
    summary: 'Check a name as creating a context field would: 400 for a name that breaks its rules, 409 when it is taken.',
  })
  @ApiErrors(409)
  @ApiOkResponse({ description: 'A context field can be created with this name' })
  async validate(@Param() { projectId }: ProjectPath, @Body() body: NameSchema): Promise<void> {
    await this.fields.validateName(body.name, projectId);
  }

  @Get(':contextField')
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getContextFieldForProject', summary: 'One context field, with how many flags and projects use it.' })
  @ApiErrors(404)
  @ApiOkResponse({ type: ContextFieldSchema })
  async get(@Param() { projectId, contextField: name }: ProjectContextFieldPath): Promise<ContextFieldSchema> {
    return toContextFieldSchema(await this.fields.get(name, projectId));
  }

  @Put(':contextField')
  @RequirePermission('UPDATE_CONTEXT_FIELD', 'UPDATE_PROJECT_CONTEXT')
  @ApiOperation({
    operationId: 'updateContextFieldForProject',
    summary: 'Replace description, stickiness, sort order, legal values and project (omitted: their defaults); the name cannot change.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Updated' })
  async update(
    @Param() { projectId, contextField: name }: ProjectContextFieldPath,
    @Body() body: UpdateContextFieldSchema,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.fields.update(name, body, actor, projectId);
  }

  @Post(':contextField/legal-values')
  @HttpCode(200)
  @RequirePermission('UPDATE_CONTEXT_FIELD', 'UPDATE_PROJECT_CONTEXT')
  @ApiOperation({
    operationId: 'updateContextFieldLegalValueForProject',
    summary: 'Add a legal value, or give an existing one the new description.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Added or updated' })
  async upsertLegalValue(
    @Param() { projectId, contextField: name }: ProjectContextFieldPath,
    @Body() body: LegalValueSchema,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.fields.upsertLegalValue(name, toLegalValues([body])[0], actor, projectId);
  }

  @Delete(':contextField/legal-values/:legalValue')
  @RequirePermission('UPDATE_CONTEXT_FIELD', 'UPDATE_PROJECT_CONTEXT')
  @ApiOperation({
    operationId: 'deleteContextFieldLegalValueForProject',
    summary: 'Remove a legal value; constraints that use it are left as they are, as in Unleash.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Removed' })
  async deleteLegalValue(
    @Param() { projectId, contextField: name, legalValue: value }: ProjectLegalValuePath,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.fields.deleteLegalValue(name, value, actor, projectId);
  }

  @Delete(':contextField')
  @RequirePermission('DELETE_CONTEXT_FIELD', 'UPDATE_PROJECT_CONTEXT')
  @ApiOperation({
    operationId: 'deleteContextFieldForProject',
    summary: 'Delete a context field; 409 while strategies of flags not archived use it, as Unleash answers.',
  })
  @ApiErrors(404, 409)
  @ApiOkResponse({ description: 'Deleted' })
  async remove(@Param() { projectId, contextField: name }: ProjectContextFieldPath, @CurrentActor() actor: Actor): Promise<void> {
    await this.fields.delete(name, actor, projectId);
  }
}

/** The strategies using a field: Unleash lists this operation under its Strategies tag. */
@AdminController('projects/:projectId/context', 'Strategies')
export class ProjectContextFieldStrategiesController {
  constructor(private readonly fields: ContextFieldService) {}

  @Get(':contextField/strategies')
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getStrategiesByContextFieldForProject',
    summary: 'The strategies of flags (not archived) whose constraints use the field; empty for a field that does not exist.',
  })
  @ApiOkResponse({ type: ContextFieldStrategiesSchema })
  async strategies(@Param() { contextField: name }: ProjectContextFieldPath): Promise<ContextFieldStrategiesSchema> {
    return { strategies: await this.fields.strategiesUsing(name) };
  }
}
