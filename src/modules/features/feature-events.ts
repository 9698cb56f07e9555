import { Injectable } from '@nestjs/common';
import { EventService, type NewEvent } from '../events/index.js';
import { FeatureReadModel } from './feature.read-model.js';

/** Records events about a feature with the feature's tags attached, as Unleash does, so the audit log can be filtered by tag. */
@Injectable()
export class FeatureEvents {
  constructor(
    private readonly events: EventService,
    private readonly readModel: FeatureReadModel,
  ) {}

  async record(event: NewEvent & { featureName: string }): Promise<void> {
    await this.events.record({ ...event, tags: event.tags ?? (await this.readModel.tagsOf(event.featureName)) });
  }
}
