import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { ExportQuerySchema, ExportResultSchema, ImportTogglesSchema, ImportTogglesValidateSchema } from './export-import.dto.js';
import type { ExportResult, ImportValidation } from './export-import.model.js';
import { ExportService } from './export.service.js';
import { ImportService } from './import.service.js';

/** Unleash's feature export and import: any signed-in caller; the import checks each permission it needs itself. */
@AdminController('features-batch', 'Import/Export')
export class ExportImportController {
  constructor(
    private readonly exports: ExportService,
    private readonly imports: ImportService,
  ) {}

  @Post('export')
  @HttpCode(200)
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'exportFeatures',
    summary: 'Export feature flags from an environment',
    description:
      'The selected features (by tag value, by name, or a project’s active ones) with their strategies, state and variants in the environment, their tags and dependencies, and the tag types, context fields and segments those use. Records `features-exported`.',
  })
  @ApiOkResponse({ type: ExportResultSchema })
  export(@Body() body: ExportQuerySchema, @CurrentActor() actor: Actor): Promise<ExportResult> {
    return this.exports.export(body, actor);
  }

  @Post('validate')
  @HttpCode(200)
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'validateImport',
    summary: 'Validate feature import data',
    description:
      'What importing the data into the project and environment would refuse (errors), what it would do that may surprise (warnings) and the permissions the caller lacks for it. Changes nothing.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ type: ImportTogglesValidateSchema })
  validate(@Body() body: ImportTogglesSchema, @CurrentPrincipal() principal: Principal): Promise<ImportValidation> {
    return this.imports.validate(body, principal);
  }

  @Post('import')
  @HttpCode(200)
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'importToggles',
    summary: 'Import feature flags',
    description:
      'Applies an export to the project and environment in one transaction, each change with its event, then records `features-imported`. Refused as `validateImport` reports errors (400) and missing permissions (403, naming them); an admin API token is refused (400): use a personal access token or a service account.',
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Imported' })
  async import(@Body() body: ImportTogglesSchema, @CurrentPrincipal() principal: Principal, @CurrentActor() actor: Actor): Promise<void> {
    await this.imports.import(body, principal, actor);
  }
}
