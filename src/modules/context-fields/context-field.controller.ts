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
import { ContextFieldPath, LegalValuePath } from './context-fields.paths.js';
import { ContextFieldService } from './context-field.service.js';

/** Root context fields: `/api/admin/context` (Unleash's Context operations). Project fields: `ProjectContextFieldController`. */
@AdminController('context', 'Context')
export class ContextFieldController {
  constructor(
    private readonly fields: ContextFieldService,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  @Get()
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getContextFields',
    summary: 'The root context fields (built-in ones included); `include=project` adds every project-specific field.',
  })
  @ApiOkResponse({ type: [ContextFieldSchema] })
  async list(@Query() query: ContextFieldsQuery): Promise<ContextFieldSchema[]> {
    return (await this.fields.list({ include: query.include })).map(toContextFieldSchema);
  }

  @Post()
  @HttpCode(201)
  @RequirePermission('CREATE_CONTEXT_FIELD')
  @ApiOperation({ operationId: 'createContextField', summary: 'Create a context field; 409 when the name is taken.' })
  @ApiErrors(409)
  @ApiCreatedResponse({ type: ContextFieldSchema, description: 'Created; the `location` header gives its URL', headers: LOCATION_HEADER })
  async create(
    @Body() body: CreateContextFieldSchema,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ContextFieldSchema> {
    const field = await this.fields.create(body, actor);
    res.setHeader('location', `${this.config.basePath}/api/admin/context/${field.name}`);
    return toContextFieldSchema(field);
  }

  @Post('validate')
  @HttpCode(200)
  @RequirePermission('UPDATE_CONTEXT_FIELD')
  @ApiOperation({
    operationId: 'validateContextFieldName',
    summary: 'Check a name as creating a context field would: 400 for a name that breaks its rules, 409 when it is taken.',
  })
  @ApiErrors(409)
  @ApiOkResponse({ description: 'A context field can be created with this name' })
  async validate(@Body() body: NameSchema): Promise<void> {
    await this.fields.validateName(body.name);
  }

  @Get(':contextField')
  @RequirePermission('NONE')
  @ApiOperation({ operationId: 'getContextField', summary: 'One context field, with how many flags and projects use it.' })
  @ApiErrors(404)
  @ApiOkResponse({ type: ContextFieldSchema })
  async get(@Param() { contextField: name }: ContextFieldPath): Promise<ContextFieldSchema> {
    return toContextFieldSchema(await this.fields.get(name));
  }

  @Put(':contextField')
  @RequirePermission('UPDATE_CONTEXT_FIELD')
  @ApiOperation({
    operationId: 'updateContextField',
    summary: 'Replace description, stickiness, sort order, legal values and project (omitted: their defaults); the name cannot change.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Updated' })
  async update(
    @Param() { contextField: name }: ContextFieldPath,
    @Body() body: UpdateContextFieldSchema,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.fields.update(name, body, actor);
  }

  @Post(':contextField/legal-values')
  @HttpCode(200)
  @RequirePermission('UPDATE_CONTEXT_FIELD')
  @ApiOperation({
    operationId: 'updateContextFieldLegalValue',
    summary: 'Add a legal value, or give an existing one the new description.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Added or updated' })
  async upsertLegalValue(
    @Param() { contextField: name }: ContextFieldPath,
    @Body() body: LegalValueSchema,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.fields.upsertLegalValue(name, toLegalValues([body])[0], actor);
  }

  @Delete(':contextField/legal-values/:legalValue')
  @RequirePermission('UPDATE_CONTEXT_FIELD')
  @ApiOperation({
    operationId: 'deleteContextFieldLegalValue',
    summary: 'Remove a legal value; constraints that use it are left as they are, as in Unleash.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Removed' })
  async deleteLegalValue(@Param() { contextField: name, legalValue: value }: LegalValuePath, @CurrentActor() actor: Actor): Promise<void> {
    await this.fields.deleteLegalValue(name, value, actor);
  }

  @Delete(':contextField')
  @RequirePermission('DELETE_CONTEXT_FIELD')
  @ApiOperation({
    operationId: 'deleteContextField',
    summary: 'Delete a context field; 409 while strategies of flags not archived use it, as Unleash answers.',
  })
  @ApiErrors(404, 409)
  @ApiOkResponse({ description: 'Deleted' })
  async remove(@Param() { contextField: name }: ContextFieldPath, @CurrentActor() actor: Actor): Promise<void> {
    await this.fields.delete(name, actor);
  }
}

/** The strategies using a field: Unleash lists this operation under its Strategies tag. */
@AdminController('context', 'Strategies')
export class ContextFieldStrategiesController {
  constructor(private readonly fields: ContextFieldService) {}

  @Get(':contextField/strategies')
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getStrategiesByContextField',
    summary: 'The strategies of flags (not archived) whose constraints use the field; empty for a field that does not exist.',
  })
  @ApiOkResponse({ type: ContextFieldStrategiesSchema })
  async strategies(@Param() { contextField: name }: ContextFieldPath): Promise<ContextFieldStrategiesSchema> {
    return { strategies: await this.fields.strategiesUsing(name) };
  }
}
