import { Delete, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Actor, Principal } from '../../core/access/principal.js';
import { AcceptsNoBody } from '../../core/http/content-type.guard.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { FavoriteService } from './favorite.service.js';
import { ProjectFeaturePath } from '../../core/http/route-paths.js';

const PATH = ':projectId/features/:featureName/favorites';

/** The calling user's favourite features. */
@AdminController('projects', 'Features')
@RequirePermission('NONE')
export class FavoriteController {
  constructor(private readonly favorites: FavoriteService) {}

  @Post(PATH)
  @HttpCode(200)
  @AcceptsNoBody()
  @ApiOperation({ operationId: 'addFavoriteFeature', summary: "Add a feature to the calling user's favourites (API tokens have none)." })
  @ApiErrors([400, 'Called with an API token, which has no favourites'], 404)
  @ApiOkResponse({ description: 'Added' })
  async add(
    @Param() { projectId, featureName }: ProjectFeaturePath,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.favorites.add(projectId, featureName, principal, actor);
  }

  @Delete(PATH)
  @ApiOperation({ operationId: 'removeFavoriteFeature', summary: "Remove a feature from the calling user's favourites." })
  @ApiErrors([400, 'Called with an API token, which has no favourites'], 404)
  @ApiOkResponse({ description: 'Removed' })
  async remove(
    @Param() { projectId, featureName }: ProjectFeaturePath,
    @CurrentPrincipal() principal: Principal,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.favorites.remove(projectId, featureName, principal, actor);
  }
}
