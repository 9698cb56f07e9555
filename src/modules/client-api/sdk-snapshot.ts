import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { strongEtag } from '../../core/http/entity-tag.js';
import type { ClientFeature, ClientFeatureSet, ClientSegment, ClientStrategy, SdkScope } from './client-features.model.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * How the client API shapes an answer for an SDK, from its `Unleash-Client-Spec` header: from 4.2.0 segments are
 * sent apart and strategies name them; older clients (and those that send no header) get each segment's
 * constraints inlined into the strategies that use it.
 */
export type ClientShape = 'segments' | 'inlined';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** A feature for clients that predate segments: its strategies carry their segments' constraints instead of ids. */
export type InlinedClientFeature = Omit<ClientFeature, 'strategies'> & { strategies: Omit<ClientStrategy, 'segments'>[] };

/** An answer kept in memory: its bytes, its strong ETag, and its compressed forms once asked for. */
export class KeptAnswer {
  private readonly compressed = new Map<ContentEncoding, Promise<Buffer>>();

  constructor(
    readonly etag: string,
    readonly body: Buffer,
  ) {
    this.compressed.set('identity', Promise.resolve(body));
  }

  /** The body in `encoding`, compressed once and kept (brotli at a level that keeps a 5 MB answer under ~100 ms). */
  encoded(encoding: ContentEncoding): Promise<Buffer> {
    let kept = this.compressed.get(encoding);
    if (!kept) {
      kept =
        encoding === 'br'
          ? brotliAsync(this.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: this.body.length } })
          : gzipAsync(this.body, { level: 6 });
      this.compressed.set(encoding, kept);
    }
    return kept;
  }
}

/**
 * The SDK configuration of one scope at one configuration generation: features and segments as the client API
 * serves them, each feature's and segment's JSON (compared to tell what a later snapshot changed), and the
 * answers built from them on first use.
 */
export class SdkSnapshot {
  readonly featureJson: Map<string, string>;
  readonly segmentJson: Map<number, string>;
  private readonly answers = new Map<ClientShape, KeptAnswer>();
  private readonly derived = new Map<string, unknown>();

  constructor(
    readonly scopeKey: string,
    readonly scope: SdkScope,
    readonly generation: string,
    readonly set: ClientFeatureSet,
  ) {
    this.featureJson = new Map(set.features.map((feature) => [feature.name, JSON.stringify(feature)]));
    this.segmentJson = new Map(set.segments.map((segment) => [segment.id, JSON.stringify(segment)]));
  }

  get features(): Map<string, ClientFeature> {
    return this.memo('features', () => new Map(this.set.features.map((feature) => [feature.name, feature])));
  }

  get segments(): Map<number, ClientSegment> {
    return this.memo('segments', () => new Map(this.set.segments.map((segment) => [segment.id, segment])));
  }

  /** Something computed from the snapshot once (an evaluator, say), kept as long as the snapshot is. */
  memo<T>(key: string, build: () => T): T {
    if (!this.derived.has(key)) this.derived.set(key, build());
    return this.derived.get(key) as T;
  }

  /** `GET /api/client/features` for this scope in `shape`, serialized once. */
  clientAnswer(shape: ClientShape): KeptAnswer {
    let answer = this.answers.get(shape);
    if (!answer) {
      const features = shape === 'segments' ? this.set.features.map((f) => this.featureJson.get(f.name)) : this.inlinedFeatures();
      const segments = shape === 'segments' ? this.set.segments.map((s) => this.segmentJson.get(s.id)) : [];
      const query = JSON.stringify(queryOf(this.scope));
      const body = Buffer.from(`{"version":2,"features":[${features.join(',')}],"segments":[${segments.join(',')}],"query":${query}}`);
      answer = new KeptAnswer(strongEtag(`${this.generation}:${this.scopeKey}:${shape}`), body);
      this.answers.set(shape, answer);
    }
    return answer;
  }

  /** One feature as `GET /api/client/features/{featureName}` answers it in `shape`; undefined when the scope has none. */
  feature(name: string, shape: ClientShape): ClientFeature | InlinedClientFeature | undefined {
    const feature = this.features.get(name);
    return feature && shape === 'inlined' ? this.inlined(feature) : feature;
  }

  private inlinedFeatures(): string[] {
    return this.set.features.map((feature) => JSON.stringify(this.inlined(feature)));
  }

  /** The feature with each segment's constraints put before its strategies' own, for clients that predate segments. */
  private inlined(feature: ClientFeature): InlinedClientFeature {
    return {
      ...feature,
      strategies: feature.strategies.map(({ segments, ...strategy }) => ({
        ...strategy,
        constraints: [...segments.flatMap((id) => this.segments.get(id)?.constraints ?? []), ...strategy.constraints],
      })),
    };
  }
}

/** What the answer says was selected. */
export function queryOf(scope: SdkScope): { environment: string; project?: string[]; namePrefix?: string } {
  return {
    environment: scope.environment,
    ...(scope.projects !== 'all' ? { project: scope.projects } : {}),
    ...(scope.namePrefix ? { namePrefix: scope.namePrefix } : {}),
  };
}
