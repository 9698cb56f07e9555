import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { type SdkScope, type SdkSnapshot, SdkSnapshots } from '../client-api/index.js';
import { ChangeWatcher } from '../../core/database/change-watcher.js';
import { type EvaluationContext, FrontendService, type ToggleVariant } from '../frontend-api/index.js';

/** The context of an in-process evaluation: the SDK's standard fields and custom properties, all optional. */
export type FlagContext = Partial<Omit<EvaluationContext, 'properties'>> & { properties?: Record<string, string> };

/**
 * Flags evaluated inside the host application, with no HTTP: the same snapshot and the same engine (the official
 * Node SDK's) as `/api/frontend`, in the environment `sdk.evaluationEnvironment` across every project. A change made
 * through the admin API, on any instance, is seen within a second; `onChange` tells of it. Before the application
 * has started, and when `sdk.inProcessEvaluation` is off, every flag is off (as an SDK that is not ready answers).
 */
@Injectable()
export class FeatureFlags implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(FeatureFlags.name);
  private snapshot?: SdkSnapshot;
  private readonly listeners = new Set<() => void>();
  private stop?: () => void;

  constructor(
    private readonly snapshots: SdkSnapshots,
    private readonly frontend: FrontendService,
    private readonly watcher: ChangeWatcher,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.sdk.inProcessEvaluation) return;
    this.stop = await this.snapshots.listen(
      this.scope(),
      (snapshot) => (this.snapshot = snapshot),
      (snapshot) => {
        this.snapshot = snapshot;
        for (const listener of this.listeners) {
          try {
            listener();
          } catch (error) {
            this.logger.error(`A flag change listener failed: ${String(error)}`);
          }
        }
      },
    );
  }

  onModuleDestroy(): void {
    this.stop?.();
  }

  /** Whether the flag is on for the context. */
  isEnabled(name: string, context: FlagContext = {}): boolean {
    return this.evaluate(name, context).enabled;
  }

  /** The flag's variant for the context (`{name: 'disabled', enabled: false}` when it gives none). */
  getVariant(name: string, context: FlagContext = {}): ToggleVariant {
    return this.evaluate(name, context).variant;
  }

  /**
   * Reads the flags' configuration from the database now, rather than within the second a change takes to reach
   * every instance: for a host's tests that change flags and evaluate them at once.
   */
  async refresh(): Promise<void> {
    if (!this.config.sdk.inProcessEvaluation) return;
    await this.watcher.refresh();
    this.snapshot = await this.snapshots.snapshot(this.scope());
  }

  /** Calls `listener` after each change of the flags' configuration; answers a function that stops it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private scope(): SdkScope {
    return { environment: this.config.sdk.evaluationEnvironment, projects: 'all' };
  }

  private evaluate(name: string, context: FlagContext): { enabled: boolean; variant: ToggleVariant } {
    if (!this.snapshot) return { enabled: false, variant: { name: 'disabled', enabled: false, feature_enabled: false } };
    const full: EvaluationContext = {
      ...context,
      properties: { ...context.properties },
      environment: this.config.sdk.evaluationEnvironment,
    };
    return this.frontend.evaluatorOf(this.snapshot).evaluate(name, full);
  }
}
