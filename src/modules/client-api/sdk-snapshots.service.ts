import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { ChangeWatcher } from '../../core/database/change-watcher.js';
import { ClientFeaturesReadModel } from './client-features.read-model.js';
import type { DisabledStrategies, SdkScope } from './client-features.model.js';
import { changesBetween, type DeltaEvent, hydration } from './sdk-delta.js';
import { SdkSnapshot } from './sdk-snapshot.js';

/** Delta events kept per scope; a client further behind is sent a hydration. */
const KEPT_EVENTS = 1_000;

/** The change generation the SDK configuration moves (see migration 1700000008000). */
export const SDK_GENERATION = 'sdk';

export type ScopeListener = (snapshot: SdkSnapshot, events: DeltaEvent[]) => void;

interface ScopeState {
  snapshot: SdkSnapshot;
  /** Order of the build that made `snapshot`: a slower, older build never replaces a newer one. */
  buildOrder: number;
  /** The id of the newest event, or of the hydration when nothing changed since the scope was first built. */
  lastEventId: number;
  /** Changes since `historyFrom`, oldest first, at most KEPT_EVENTS (ids are shared by every scope: gaps are normal). */
  events: DeltaEvent[];
  /** The event id the kept history starts after: a client that knows it, or a later one, can be sent changes. */
  historyFrom: number;
  listeners: Set<ScopeListener>;
}

/** Where a delta client stands: its tag, if any, names an event of this instance. */
export type DeltaAnswer = { kind: 'unchanged' } | { kind: 'events'; events: DeltaEvent[] };

/**
 * The SDK configuration of each scope an SDK asks for, built once per configuration change and kept in memory:
 * answers are served from it without touching the feature tables. A scope is rebuilt on its first request after
 * the `sdk` change generation moved (at once for changes made here, within a poll or a notification for other
 * instances'); scopes with listeners (streams, the in-process service) are rebuilt as soon as the change is seen.
 * At most `sdk.keptScopes` scopes are kept; the least recently used without listeners go first.
 *
 * Delta event ids are this instance's own (prefixed by `epoch` in tags): a client that moves to another instance
 * sends a tag it does not know and is hydrated again.
 */
@Injectable()
export class SdkSnapshots implements OnModuleInit, OnModuleDestroy {
  readonly epoch = randomBytes(6).toString('base64url');
  private readonly logger = new Logger(SdkSnapshots.name);
  private readonly states = new Map<string, ScopeState>();
  /** Builds under way, one per scope: concurrent requests for a scope at one generation share it. */
  private readonly building = new Map<string, { generation: string; done: Promise<ScopeState> }>();
  /** Each snapshot's disabled strategies, once asked for (the playground shows them). */
  private readonly disabled = new WeakMap<SdkSnapshot, Promise<DisabledStrategies>>();
  private lastEventId = 0;
  private lastBuildOrder = 0;
  private stopWatching?: () => void;

  constructor(
    private readonly features: ClientFeaturesReadModel,
    private readonly watcher: ChangeWatcher,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  onModuleInit(): void {
    this.stopWatching = this.watcher.onChange(SDK_GENERATION, (generation) => this.rebuildWatched(generation));
  }

  onModuleDestroy(): void {
    this.stopWatching?.();
  }

  /** The tag of a delta answer whose last event is `eventId`: this instance's epoch and the event id. */
  deltaEtag(eventId: number): string {
    return `"${this.epoch}:${eventId}"`;
  }

  /** The event id an unquoted delta tag names, when this instance gave it. */
  eventIdOf(tag: string): number | undefined {
    const [epoch, id] = tag.split(':');
    return epoch === this.epoch && /^\d+$/.test(id ?? '') ? Number(id) : undefined;
  }

  /** The current snapshot of the scope. */
  async snapshot(scope: SdkScope): Promise<SdkSnapshot> {
    return (await this.state(scope)).snapshot;
  }

  /**
   * The disabled strategies of the snapshot's scope (SDKs never receive them, so no build reads them): read on the
   * first call for a snapshot and kept as long as it is, as everything they are read from moves the `sdk` generation
   * too. A failed read is not kept.
   */
  disabledStrategies(snapshot: SdkSnapshot): Promise<DisabledStrategies> {
    let read = this.disabled.get(snapshot);
    if (!read) {
      const started = this.features.disabledStrategies(snapshot.scope);
      started.catch(() => {
        if (this.disabled.get(snapshot) === started) this.disabled.delete(snapshot);
      });
      this.disabled.set(snapshot, (read = started));
    }
    return read;
  }

  /** The events a delta client needs after the event named by its tag, or that it is up to date. */
  async delta(scope: SdkScope, knownEventId: number | undefined): Promise<{ answer: DeltaAnswer; lastEventId: number }> {
    const state = await this.state(scope);
    const { lastEventId } = state;
    if (knownEventId === lastEventId) return { answer: { kind: 'unchanged' }, lastEventId };
    const canContinue = knownEventId !== undefined && knownEventId >= state.historyFrom && knownEventId < lastEventId;
    const events = canContinue ? state.events.filter((event) => event.eventId > knownEventId) : [hydration(state.snapshot, lastEventId)];
    return { answer: { kind: 'events', events }, lastEventId };
  }

  /**
   * Gives `connected` the current snapshot and its last event id, then `listener` each later snapshot of the scope
   * with the delta events that lead to it, as soon as a change is seen (in that order: nothing is missed between
   * the two). Answers a function that stops listening.
   */
  async listen(
    scope: SdkScope,
    connected: (snapshot: SdkSnapshot, lastEventId: number) => void,
    listener: ScopeListener,
  ): Promise<() => void> {
    const state = await this.state(scope);
    connected(state.snapshot, state.lastEventId);
    state.listeners.add(listener);
    return () => state.listeners.delete(listener);
  }

  private async state(scope: SdkScope): Promise<ScopeState> {
    const key = scopeKey(scope);
    const generation = await this.watcher.current(SDK_GENERATION);
    const state = this.states.get(key);
    if (state) {
      // Map order is the recency order: the oldest entry is the least recently used.
      this.states.delete(key);
      this.states.set(key, state);
      if (state.snapshot.generation === generation) return state;
    }
    return this.build(key, scope, generation);
  }

  private build(key: string, scope: SdkScope, generation: string): Promise<ScopeState> {
    const underWay = this.building.get(key);
    if (underWay?.generation === generation) return underWay.done;
    const buildOrder = ++this.lastBuildOrder;
    const done: Promise<ScopeState> = this.features
      .load(scope)
      .then((set) => this.install(key, new SdkSnapshot(key, scope, generation, set), buildOrder))
      .finally(() => {
        if (this.building.get(key)?.done === done) this.building.delete(key);
      });
    this.building.set(key, { generation, done });
    return done;
  }

  private install(key: string, snapshot: SdkSnapshot, buildOrder: number): ScopeState {
    const state = this.states.get(key);
    if (!state) {
      const lastEventId = ++this.lastEventId;
      const fresh: ScopeState = { snapshot, buildOrder, lastEventId, events: [], historyFrom: lastEventId, listeners: new Set() };
      this.states.set(key, fresh);
      this.evictBeyondCap();
      return fresh;
    }
    if (buildOrder < state.buildOrder) return state;
    const events = changesBetween(state.snapshot, snapshot).map((change) => ({ ...change, eventId: ++this.lastEventId }) as DeltaEvent);
    state.snapshot = snapshot;
    state.buildOrder = buildOrder;
    if (events.length > 0) {
      state.events.push(...events);
      if (state.events.length > KEPT_EVENTS) state.historyFrom = state.events.splice(0, state.events.length - KEPT_EVENTS).pop()!.eventId;
      state.lastEventId = events[events.length - 1].eventId;
    }
    for (const listener of state.listeners) {
      try {
        listener(snapshot, events);
      } catch (error) {
        this.logger.error(`An SDK snapshot listener failed: ${String(error)}`);
      }
    }
    return state;
  }

  private evictBeyondCap(): void {
    for (const [key, state] of this.states) {
      if (this.states.size <= this.config.sdk.keptScopes) return;
      if (state.listeners.size === 0) this.states.delete(key);
    }
  }

  /** Scopes someone listens to are rebuilt as soon as a change is seen, so that they hear of it. */
  private rebuildWatched(generation: string): void {
    for (const [key, state] of this.states) {
      if (state.listeners.size === 0 || state.snapshot.generation === generation) continue;
      this.build(key, state.snapshot.scope, generation).catch((error) =>
        this.logger.warn(`Could not rebuild an SDK snapshot: ${String(error)}`),
      );
    }
  }
}

/** One key per distinct scope: the same projects in another order are the same scope. */
export function scopeKey(scope: SdkScope): string {
  const projects = scope.projects === 'all' ? '*' : [...scope.projects].sort().join(',');
  return JSON.stringify([scope.environment, projects, scope.namePrefix ?? '']);
}
