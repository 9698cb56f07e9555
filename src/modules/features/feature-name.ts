import { Inject, Injectable } from '@nestjs/common';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { validatedInput } from '../../core/http/request-validation.pipe.js';
import { CreateFeatureSchema } from './feature.dto.js';
import { FeatureReadModel } from './feature.read-model.js';
import { flagNameTaken } from './features.errors.js';

/**
 * `POST /api/admin/features/validate`: what creating a feature with the name would refuse about it, with the
 * create's own rules and messages (the create body's DTO, `flagNameTaken`).
 */
@Injectable()
export class FeatureNameValidation {
  constructor(
    private readonly readModel: FeatureReadModel,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  async validate(name: unknown): Promise<void> {
    validatedInput(CreateFeatureSchema, { name }, '/body', this.config);
    const existing = await this.readModel.find(name as string);
    if (existing) throw flagNameTaken(existing.name, Boolean(existing.archivedAt));
  }
}
