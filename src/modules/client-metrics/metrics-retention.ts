import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { ClientMetricsStore } from './client-metrics.store.js';

const HOUR_MS = 3_600_000;
/** How long an unknown flag report is kept after it was last made, as Unleash keeps them. */
export const UNKNOWN_FLAGS_KEPT_MS = 24 * HOUR_MS;

/**
 * Deletes the hourly metrics buckets older than `metricsRetentionHours`, once when the service starts and then
 * every hour, so the metrics tables stay bounded however long the service runs. A bucket is older than the
 * retention once its hour ended before it: the hour that holds the instant `now − retention` is kept. Unknown flag
 * reports not made again for 24 hours are deleted at the same times.
 */
@Injectable()
export class MetricsRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsRetention.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly store: ClientMetricsStore,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.deleteExpiredLogged();
    this.timer = setInterval(() => void this.deleteExpiredLogged(), HOUR_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** The first hour kept: the one that holds the instant `now − retention`. */
  firstKeptHour(): Date {
    const edge = this.clock.now().getTime() - this.config.metricsRetentionHours * HOUR_MS;
    return new Date(Math.floor(edge / HOUR_MS) * HOUR_MS);
  }

  /** Deletes the buckets of the hours before the first kept one, and the expired unknown flag reports; answers how many rows went. */
  async deleteExpired(): Promise<number> {
    const unknownSince = new Date(this.clock.now().getTime() - UNKNOWN_FLAGS_KEPT_MS);
    const deleting = Promise.all([
      this.store.deleteHoursBefore(this.firstKeptHour()),
      this.store.deleteUnknownFlagsSeenBefore(unknownSince),
    ]).then(([hours, unknown]) => hours + unknown);
    this.running = deleting.catch(() => undefined);
    return deleting;
  }

  private async deleteExpiredLogged(): Promise<void> {
    await this.deleteExpired().catch((error: unknown) => this.logger.warn(`Could not delete expired SDK metrics: ${String(error)}`));
  }
}
