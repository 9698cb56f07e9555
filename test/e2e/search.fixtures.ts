import { randomUUID } from 'node:crypto';
import type { LifecycleStageName } from '../../src/modules/features/feature.model.js';
import {
  seedDependency,
  seedFavorite,
  seedFeatureTag,
  seedLifecycleStage,
  seedPerson,
  seedSegment,
  seedTagType,
} from '../helpers/seeds.js';
import { ADMIN_TOKEN, type TestApp } from '../helpers/test-app.js';

/**
 * Search test data on one instance of the service. People, segments, tags, lifecycle stages, favourites and
 * dependencies go in through the owners' stores (test/helpers/seeds.ts). Features, their environments, strategies
 * and metrics are written as rows, with the service's own Database so timestamps and booleans are stored as the
 * service stores them: these tests set what the search reads (creation and last-seen times, potential staleness, a
 * feature without a creator) directly.
 */
export class SearchFixtures {
  constructor(private readonly t: TestApp) {}

  private bool(value: boolean): boolean | number {
    return this.t.db.isPostgres ? value : Number(value);
  }

  private ts(date: Date | null | undefined): unknown {
    return date ? this.t.db.toTimestamp(date) : null;
  }

  async project(id: string): Promise<void> {
    await this.t.db.execute('INSERT INTO flagwright_projects (id, name, created_at) VALUES (:id, :id, :now)', {
      id,
      now: this.ts(new Date()),
    });
  }

  async user(user: { name?: string; username?: string; email?: string; rootRole?: number }): Promise<number> {
    return seedPerson(this.t, { ...user, rootRole: user.rootRole ?? 2 });
  }

  async feature(feature: {
    name: string;
    project?: string;
    type?: string;
    description?: string | null;
    stale?: boolean;
    potentiallyStale?: boolean;
    impressionData?: boolean;
    createdBy?: number | null;
    createdAt: Date;
    archivedAt?: Date | null;
    lastSeenAt?: Date | null;
  }): Promise<void> {
    await this.t.db.execute(
      `INSERT INTO flagwright_features (name, project, type, description, stale, potentially_stale, impression_data, created_by_user_id, created_at, archived_at, last_seen_at)
       VALUES (:name, :project, :type, :description, :stale, :potentiallyStale, :impressionData, :createdBy, :createdAt, :archivedAt, :lastSeenAt)`,
      {
        name: feature.name,
        project: feature.project ?? 'default',
        type: feature.type ?? 'release',
        description: feature.description ?? null,
        stale: this.bool(feature.stale ?? false),
        potentiallyStale: this.bool(feature.potentiallyStale ?? false),
        impressionData: this.bool(feature.impressionData ?? false),
        createdBy: feature.createdBy === undefined ? 1 : feature.createdBy,
        createdAt: this.ts(feature.createdAt),
        archivedAt: this.ts(feature.archivedAt),
        lastSeenAt: this.ts(feature.lastSeenAt),
      },
    );
  }

  async environment(
    feature: string,
    environment: string,
    state: { enabled: boolean; variants?: number; lastSeenAt?: Date | null },
  ): Promise<void> {
    const variants = Array.from({ length: state.variants ?? 0 }, (_, i) => ({
      name: `v${i}`,
      weight: 1000 / (state.variants ?? 1),
      weightType: 'variable',
      stickiness: 'default',
    }));
    await this.t.db.execute(
      'INSERT INTO flagwright_feature_environments (feature_name, environment, enabled, variants, last_seen_at) VALUES (:feature, :environment, :enabled, :variants, :lastSeenAt)',
      {
        feature,
        environment,
        enabled: this.bool(state.enabled),
        variants: JSON.stringify(variants),
        lastSeenAt: this.ts(state.lastSeenAt),
      },
    );
  }

  async strategy(feature: string, environment: string, options: { disabled?: boolean; segments?: number[] } = {}): Promise<string> {
    const id = randomUUID();
    const project = (await this.t.db.one<{ project: string }>('SELECT project FROM flagwright_features WHERE name = :feature', {
      feature,
    }))!.project;
    await this.t.db.execute(
      `INSERT INTO flagwright_feature_strategies (id, feature_name, project_name, environment, strategy_name, disabled, created_at)
       VALUES (:id, :feature, :project, :environment, 'default', :disabled, :now)`,
      { id, feature, project, environment, disabled: this.bool(options.disabled ?? false), now: this.ts(new Date()) },
    );
    for (const segment of options.segments ?? []) {
      await this.t.db.execute(
        'INSERT INTO flagwright_feature_strategy_segments (strategy_id, segment_id, created_at) VALUES (:id, :segment, :now)',
        {
          id,
          segment,
          now: this.ts(new Date()),
        },
      );
    }
    return id;
  }

  async segment(name: string): Promise<number> {
    return seedSegment(this.t, name);
  }

  async tagType(name: string, color: string | null): Promise<void> {
    await seedTagType(this.t, name, color);
  }

  async tag(feature: string, type: string, value: string): Promise<void> {
    await seedFeatureTag(this.t, feature, type, value);
  }

  async lifecycle(feature: string, stage: LifecycleStageName, at: Date, status?: string): Promise<void> {
    await seedLifecycleStage(this.t, feature, stage, at, status);
  }

  async favorite(userId: number, feature: string): Promise<void> {
    await seedFavorite(this.t, userId, feature);
  }

  async dependency(child: string, parent: string): Promise<void> {
    await seedDependency(this.t, child, parent);
  }

  async metrics(feature: string, environment: string, hourStart: Date, yes: number, no: number): Promise<void> {
    await this.t.db.execute(
      'INSERT INTO flagwright_client_metrics_hourly (feature_name, environment, hour_start, yes_count, no_count) VALUES (:feature, :environment, :hourStart, :yes, :no)',
      { feature, environment, hourStart: this.ts(hourStart), yes, no },
    );
  }

  /** Moves the test clock so that now is at least 5 and at most 40 minutes into an hour: "the last hour" is stable. */
  settleMidHour(): void {
    const minutes = (this.t.clock.now().getTime() % 3_600_000) / 60_000;
    if (minutes < 5) this.t.clock.advance((5 - minutes) * 60_000);
    else if (minutes > 40) this.t.clock.advance((65 - minutes) * 60_000);
  }

  search(query = '', auth: { token?: string; cookie?: string } = { token: ADMIN_TOKEN }) {
    const request = this.t.http().get(`/api/admin/search/features${query ? `?${query}` : ''}`);
    if (auth.token) request.set('Authorization', auth.token);
    if (auth.cookie) request.set('Cookie', auth.cookie);
    return request;
  }

  /** The names on the page and the total, asserting a 200. */
  async names(query = '', auth?: { token?: string; cookie?: string }): Promise<{ names: string[]; total: number }> {
    const response = await this.search(query, auth);
    if (response.status !== 200) throw new Error(`GET ?${query} answered ${response.status}: ${JSON.stringify(response.body)}`);
    return { names: response.body.features.map((f: { name: string }) => f.name), total: response.body.total };
  }
}

export function hourOf(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 3_600_000) * 3_600_000);
}
