import { Inject, Injectable } from '@nestjs/common';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { type AppError, nameExists } from '../../core/errors/app-error.js';
import { validatedInput } from '../../core/http/request-validation.pipe.js';
import { CreateFeatureSchema } from './feature.dto.js';
import { FeatureReadModel } from './feature.read-model.js';

/** The 409 of a create whose name a feature has (archived ones keep their names). */
export function flagNameTaken(name: string, archived: boolean): AppError {
  return nameExists(archived ? `An archived flag with the name ${name} already exists` : `A flag with the name ${name} already exists`);
}

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
