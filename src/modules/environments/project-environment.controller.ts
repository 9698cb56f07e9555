import { Body, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { ProjectEnvironmentBody } from './environment.dto.js';
import { EnvironmentService } from './environment.service.js';
import { ProjectEnvironmentPath, ProjectPath } from '../../core/http/route-paths.js';

/** Which environments a project uses. */
@AdminController('projects', 'Projects')
@RequirePermission('UPDATE_PROJECT')
export class ProjectEnvironmentController {
  constructor(private readonly environments: EnvironmentService) {}

  @Post(':projectId/environments')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'addEnvironmentToProject',
    summary: 'Enable an environment in a project; every feature of the project gets its (switched off) state there.',
  })
  @ApiOkResponse({ description: 'Enabled' })
  async enable(@Param() { projectId }: ProjectPath, @Body() body: ProjectEnvironmentBody, @CurrentActor() actor: Actor): Promise<void> {
    await this.environments.enableInProject(projectId, body.environment, actor);
  }

  @Delete(':projectId/environments/:environment')
  @ApiOperation({
    operationId: 'removeEnvironmentFromProject',
    summary: "Disable an environment in a project; the project's features lose their state and strategies there.",
  })
  @ApiErrors(404)
  @ApiOkResponse({ description: 'Disabled' })
  async disable(@Param() { projectId, environment }: ProjectEnvironmentPath, @CurrentActor() actor: Actor): Promise<void> {
    await this.environments.disableInProject(projectId, environment, actor);
  }
}
