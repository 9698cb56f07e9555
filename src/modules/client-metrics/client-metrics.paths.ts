import { ApiProperty } from '@nestjs/swagger';

/** `/api/admin/metrics/applications/:appName…` */
export class ApplicationPath {
  @ApiProperty()
  appName: string;
}

/** `/api/admin/metrics/instances/:appName/environment/:environment` */
export class ApplicationEnvironmentPath extends ApplicationPath {
  @ApiProperty()
  environment: string;
}
