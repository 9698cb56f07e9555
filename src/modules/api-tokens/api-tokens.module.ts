import { FeatureModule } from '../../core/feature-module.js';
import { EventsModule } from '../events/index.js';
import { ApiTokenUseRecorder } from './api-token-use.recorder.js';
import { ApiTokenController } from './api-token.controller.js';
import { ProjectApiTokenController } from './project-api-token.controller.js';
import { ApiTokenService } from './api-token.service.js';
import { ApiTokenStore, SqlApiTokenStore } from './api-token.store.js';
import { InitialApiTokenSeeder } from './initial-api-token.seeder.js';

@FeatureModule({
  imports: [EventsModule],
  controllers: [ApiTokenController, ProjectApiTokenController],
  providers: [ApiTokenService, ApiTokenUseRecorder, InitialApiTokenSeeder, { provide: ApiTokenStore, useClass: SqlApiTokenStore }],
})
export class ApiTokensModule {}
