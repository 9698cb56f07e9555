import { Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../../core/access/decorators.js';
import { BootstrapService } from '../../core/bootstrap/bootstrap.service.js';
import { Database } from '../../core/database/database.js';
import { ApiController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { HealthSchema } from './health.dto.js';
import { databaseDown, stillStarting } from './health.errors.js';

@ApiController('ops', '', 'Operational')
@Public()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly typeorm: TypeOrmHealthIndicator,
    private readonly db: Database,
    private readonly bootstrap: BootstrapService,
  ) {}

  @Get('health')
  // Terminus's own schema lacks Unleash's `health` field: the document describes the answer itself.
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiErrors([503, 'The database does not answer'])
  @ApiOperation({ operationId: 'getHealth', summary: 'Liveness: 200 while the database answers, 503 otherwise.' })
  @ApiOkResponse({ type: HealthSchema })
  async liveness() {
    return this.check();
  }

  @Get('ready')
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiErrors([503, 'Still starting, or the database does not answer'])
  @ApiOperation({ operationId: 'getReady', summary: 'Readiness: 200 once migrations and seeding are done and the database answers.' })
  @ApiOkResponse({ type: HealthSchema })
  async readiness() {
    if (!this.bootstrap.isComplete) throw stillStarting();
    return this.check();
  }

  private async check() {
    try {
      const result = await this.health.check([() => this.typeorm.pingCheck('database', { connection: this.db.dataSource, timeout: 1500 })]);
      return { health: 'GOOD', ...result };
    } catch {
      throw databaseDown();
    }
  }
}
