import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SYSTEM_ACTOR } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { EVENT, EventService } from '../events/index.js';
import { FeatureTypeService } from '../feature-types/index.js';
import { FeatureReadModel, type StalenessCutoff } from './feature.read-model.js';
import { FeatureStore } from './feature.store.js';

const DAY_MS = 86_400_000;

/**
 * Marks flags potentially stale once they are older than their type's lifetime, and unmarks those that are not
 * (a lifetime made longer), every `potentiallyStaleCheckIntervalSeconds`, as Unleash's scheduled job does: each flag
 * newly marked records `feature-potentially-stale-on` by the system user. Flags marked stale, and archived ones,
 * are left as they are. Instances sharing a PostgreSQL database run it one at a time (`holdStalenessCheck`): one
 * that finds another's check running skips its turn, so no flag is marked, nor its event recorded, twice.
 */
@Injectable()
export class PotentiallyStaleCheck implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PotentiallyStaleCheck.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly store: FeatureStore,
    private readonly readModel: FeatureReadModel,
    private readonly featureTypes: FeatureTypeService,
    private readonly events: EventService,
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.runLogged(), this.config.potentiallyStaleCheckIntervalSeconds * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One check now; answers the flags it newly marked (none when another instance's check is running). */
  async run(): Promise<string[]> {
    const checking = this.check();
    this.running = checking.catch(() => undefined);
    return checking;
  }

  private async check(): Promise<string[]> {
    const now = this.clock.now().getTime();
    const cutoffs: StalenessCutoff[] = (await this.featureTypes.list()).flatMap((type) =>
      type.lifetimeDays === null ? [] : [{ type: type.id, createdBefore: new Date(now - type.lifetimeDays * DAY_MS) }],
    );
    return this.db.transaction(async () => {
      if (!(await this.store.holdStalenessCheck())) return [];
      const changes = await this.readModel.stalenessChanges(cutoffs);
      const marked = changes.filter((change) => change.potentiallyStale);
      await this.store.setPotentiallyStale(
        marked.map((change) => change.name),
        true,
      );
      await this.store.setPotentiallyStale(
        changes.filter((change) => !change.potentiallyStale).map((change) => change.name),
        false,
      );
      for (const { name, project } of marked)
        await this.events.record({ type: EVENT.FEATURE_POTENTIALLY_STALE_ON, actor: SYSTEM_ACTOR, project, featureName: name });
      return marked.map((change) => change.name);
    });
  }

  private async runLogged(): Promise<void> {
    await this.run().catch((error: unknown) => this.logger.warn(`Could not mark potentially stale flags: ${String(error)}`));
  }
}
