import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Context, InMemStorageProvider, Unleash, type UnleashConfig } from 'unleash-client';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Unleash's SDK test suite (`@unleash/client-specification`), every file of it: each file's state is loaded
 * through the admin API into a project of its own, then every case is checked through `/api/frontend` and through
 * the official Node SDK fed by `/api/client/features`, `/api/client/delta` and `/api/client/streaming` (one entry of
 * SDK_MODES per way the SDK can fetch).
 * What the admin API refuses to store is listed in REFUSED below; the loader checks that each listed refusal
 * happens (and that nothing else is refused), and the cases that need a refused feature are reported as skipped.
 */

const SPEC_DIR = join(process.cwd(), 'node_modules/@unleash/client-specification/specifications');

// ---- The specification's shapes -------------------------------------------------------------------------------

interface SpecConstraint {
  contextName: string;
  operator: string;
  values?: string[];
  value?: string;
  inverted?: boolean;
  caseInsensitive?: boolean;
}
interface SpecVariant {
  name: string;
  weight: number;
  stickiness?: string;
  payload?: { type: string; value: string };
  overrides?: { contextName: string; values: string[] }[];
}
interface SpecStrategy {
  name: string;
  parameters?: Record<string, string | number>;
  constraints?: SpecConstraint[];
  segments?: number[];
  variants?: SpecVariant[];
}
interface SpecFeature {
  name: string;
  description?: string | null;
  type?: string;
  impressionData?: boolean;
  enabled: boolean;
  strategies?: SpecStrategy[];
  variants?: SpecVariant[];
  dependencies?: { feature: string; enabled?: boolean; variants?: string[] }[];
}
interface SpecSegment {
  id: number;
  name?: string;
  constraints: SpecConstraint[];
}
interface SpecContext {
  userId?: string;
  sessionId?: string;
  remoteAddress?: string;
  environment?: string;
  appName?: string;
  currentTime?: string;
  properties?: Record<string, string | null>;
}
interface ExpectedVariant {
  name: string;
  enabled: boolean;
  payload?: { type: string; value: string };
  feature_enabled: boolean;
}
interface SpecCase<Result> {
  description: string;
  context: SpecContext;
  toggleName: string;
  expectedResult: Result;
}
type DeltaEvent =
  | { type: 'hydration'; features: SpecFeature[]; segments: SpecSegment[] }
  | { type: 'feature-updated'; feature: SpecFeature }
  | { type: 'feature-removed'; featureName: string }
  | { type: 'segment-updated'; segment: SpecSegment }
  | { type: 'segment-removed'; segmentId: number };
interface SpecFile {
  name: string;
  state: { features?: SpecFeature[]; segments?: SpecSegment[]; events?: DeltaEvent[] };
  tests?: SpecCase<boolean>[];
  variantTests?: SpecCase<ExpectedVariant>[];
}

/** The features and segments a file describes: its state, or for the delta files its events applied in order. */
function finalState(file: SpecFile): { features: SpecFeature[]; segments: SpecSegment[] } {
  if (!file.state.events) return { features: file.state.features ?? [], segments: file.state.segments ?? [] };
  const features = new Map<string, SpecFeature>();
  const segments = new Map<number, SpecSegment>();
  for (const event of file.state.events) {
    if (event.type === 'hydration') {
      features.clear();
      segments.clear();
      for (const feature of event.features) features.set(feature.name, feature);
      for (const segment of event.segments) segments.set(segment.id, segment);
    } else if (event.type === 'feature-updated') features.set(event.feature.name, event.feature);
    else if (event.type === 'feature-removed') features.delete(event.featureName);
    else if (event.type === 'segment-updated') segments.set(event.segment.id, event.segment);
    else segments.delete(event.segmentId);
  }
  return { features: [...features.values()], segments: [...segments.values()] };
}

// ---- What the admin API refuses to store ---------------------------------------------------------------------

interface RefusalReason {
  why: string;
  /** The answer of the admin API that refuses it, and the property its 400 names. */
  status: number;
  path?: RegExp;
}

const REASONS = {
  legacyStrategy: {
    why: 'a legacy strategy type that Unleash 8 no longer has (userWithId, gradualRollout*)',
    status: 400,
    path: /^\/body\/name$/,
  },
  emptyList: { why: 'an IN or NOT_IN constraint with no values', status: 400, path: /^\/body\/constraints\/\d+\/values$/ },
  unknownOperator: { why: 'an unknown constraint operator', status: 400, path: /^\/body\/constraints\/\d+\/operator$/ },
  invalidRegex: { why: "a REGEX that RE2 (the SDKs' regular expressions) refuses", status: 400, path: /^\/body\/constraints\/\d+\/value$/ },
  invertedRegex: { why: 'an inverted REGEX, which Unleash refuses', status: 400, path: /^\/body\/constraints\/\d+\/inverted$/ },
  notAnAddress: {
    why: 'an IN_CIDR value that is neither an address nor a CIDR range',
    status: 400,
    path: /^\/body\/constraints\/\d+\/values\/\d+$/,
  },
  missingSegment: { why: 'a segment that does not exist', status: 400, path: /^\/body\/segments\/\d+$/ },
  notUrlSafe: { why: 'a feature name that is not URL-safe', status: 400, path: /^\/body\/name$/ },
  semverPrefix: {
    why: 'a semantic version with anything before its first digit (v2.0.0), which Unleash refuses',
    status: 400,
    path: /^\/body\/constraints\/\d+\/value$/,
  },
  variantWeights: {
    why: 'variant weights that do not total 1000 (only a variable variant takes the rest of 1000)',
    status: 400,
    path: /^\/body(\/variants)?$/,
  },
  dependencyChain: { why: 'a chain or cycle of dependencies (a parent cannot have a parent)', status: 400, path: /^\/body\/feature$/ },
  missingParent: { why: 'a parent that does not exist', status: 400, path: /^\/body\/feature$/ },
  // Not a 400: the second parent replaces the first (the loader reads the dependencies back).
  secondParent: { why: 'a second parent (a feature has one parent; another replaces it)', status: 200 },
} satisfies Record<string, RefusalReason>;

/** By file: the features whose state the admin API refuses, and why. Cases of features depending on them are skipped too. */
const REFUSED: Record<string, Record<string, RefusalReason>> = {
  '14-constraint-semver-operators.json': {
    'F8.invalidSemverWithLeadingV': REASONS.semverPrefix,
  },
  '02-user-with-id-strategy.json': {
    'Feature.A2': REASONS.legacyStrategy,
    'Feature.B2': REASONS.legacyStrategy,
    'Feature.C2': REASONS.legacyStrategy,
    'Feature.D2': REASONS.legacyStrategy,
  },
  '03-gradual-rollout-user-id-strategy.json': {
    'Feature.A3': REASONS.legacyStrategy,
    'Feature.B3': REASONS.legacyStrategy,
    'Feature.C3': REASONS.legacyStrategy,
    'Feature.D3': REASONS.legacyStrategy,
  },
  '04-gradual-rollout-session-id-strategy.json': {
    'Feature.A4': REASONS.legacyStrategy,
    'Feature.B4': REASONS.legacyStrategy,
    'Feature.C4': REASONS.legacyStrategy,
    'Feature.D4': REASONS.legacyStrategy,
  },
  '05-gradual-rollout-random-strategy.json': {
    'Feature.A5': REASONS.legacyStrategy,
    'Feature.B5': REASONS.legacyStrategy,
    'Feature.C5': REASONS.legacyStrategy,
    'Feature.D5': REASONS.legacyStrategy,
  },
  '07-multiple-strategies.json': {
    'Feature.multiStrategies.A': REASONS.legacyStrategy,
    'Feature.multiStrategies.B': REASONS.legacyStrategy,
    'Feature.multiStrategies.C': REASONS.legacyStrategy,
  },
  '08-variants.json': {
    'Feature.Variants.B': REASONS.variantWeights,
    'Feature.Variants.C': REASONS.variantWeights,
    'Feature.Variants.D': REASONS.variantWeights,
    'Feature.Variants.override.D': REASONS.variantWeights,
  },
  '09-strategy-constraints.json': {
    'Feature.constraints.userWithId': REASONS.legacyStrategy,
    'Feature.constraints.empty': REASONS.emptyList,
    'Feature.constraints.empty-not-in': REASONS.emptyList,
  },
  '11-strategy-constraints-edge-cases.json': {
    'Feature.constraints.no_values': REASONS.emptyList,
    'Feature.constraints.no_values_NOT_IN': REASONS.emptyList,
  },
  '12-custom-stickiness.json': { 'Feature.flexible.rollout.custom.stickiness_100': REASONS.variantWeights },
  '13-constraint-operators.json': { 'F7.invalid-operator': REASONS.unknownOperator },
  '15-global-constraints.json': { 'F9.globalSegmentOn': REASONS.variantWeights, 'F9.withMissingSegment': REASONS.missingSegment },
  '16-strategy-variants.json': {
    'Feature.strategy.multiple.variants': REASONS.variantWeights,
    'Feature.strategy.numeric.variants': REASONS.variantWeights,
    'Feature.strategy.variants.stickiness': REASONS.variantWeights,
  },
  '17-dependent-features.json': {
    'child.with.transitive.dependency': REASONS.dependencyChain,
    'child.with.cycle': REASONS.dependencyChain,
    'multiple.parents.satisfied.child.enabled': REASONS.secondParent,
    'multiple.parents.not.satisfied.child.enabled': REASONS.secondParent,
    'parents.not.exist.child.enabled': REASONS.missingParent,
  },
  '18-utf8-flag-names.json': { 'Feature.UTF-8.Hellø_Wørld': REASONS.notUrlSafe, 'Feature.UTF-8.😊_φriend_你好_🌍': REASONS.notUrlSafe },
  '21-regex-constraint-operators.json': {
    'invalid-regex-defaults-to-false': REASONS.invalidRegex,
    'R90.reject_lookahead': REASONS.invalidRegex,
    'R91.reject_backreference': REASONS.invalidRegex,
    'Inverted.constraint': REASONS.invertedRegex,
  },
  '22-cidr-constraint-operators.json': {
    'CIDR.mixed.values': REASONS.notAnAddress,
    'CIDR.invalid.only': REASONS.notAnAddress,
    'CIDR.ipv6.mixed.values': REASONS.notAnAddress,
  },
};

// ---- How a case is checked -------------------------------------------------------------------------------------

/** One way the official Node SDK fetches its configuration; each entry runs every case. */
interface SdkMode {
  name: string;
  config: Partial<UnleashConfig>;
}
const SDK_MODES: SdkMode[] = [
  { name: 'Node SDK polling /api/client/features', config: {} },
  { name: 'Node SDK delta /api/client/delta', config: { experimentalMode: { type: 'polling', format: 'delta' } } },
  { name: 'Node SDK streaming /api/client/streaming', config: { experimentalMode: { type: 'streaming' } } },
];

/**
 * Cases that need a context without `remoteAddress`, which a frontend request cannot have: the frontend API (as
 * Unleash's) evaluates the caller's address when the query names none. Through `/api/frontend` these are checked
 * against the SDK's answer for the same context with the caller's address; through the SDK, against the
 * specification.
 */
const FRONTEND_WITH_CALLER_ADDRESS: Record<string, string[]> = {
  '06-remote-address-strategy.json': ['Feature.remoteAddress.A should not be enabled for missing remoteAddress on context'],
};
/** Where the suite's requests come from (the app listens on the IPv4 loopback). */
const CALLER_ADDRESS = '127.0.0.1';

/** The environment a case's context names; cases without one are evaluated in `default` (the SDKs' default). */
const DEFAULT_ENVIRONMENT = 'default';
const environmentOf = (context: SpecContext) => context.environment ?? DEFAULT_ENVIRONMENT;

/** The `/api/frontend` query of a context: standard fields as they are, custom ones as `properties[name]`. */
function frontendQuery(context: SpecContext): string {
  const query = new URLSearchParams();
  const { properties, ...fields } = context;
  // The environment is the token's, not a parameter.
  for (const [field, value] of Object.entries(fields)) if (field !== 'environment' && value !== undefined) query.set(field, value);
  for (const [name, value] of Object.entries(properties ?? {})) if (value !== null) query.set(`properties[${name}]`, value);
  return query.toString();
}

/** The SDK's variant as the specification states it (without the deprecated `featureEnabled`). */
function specVariant(variant: {
  name: string;
  enabled: boolean;
  payload?: { type: string; value: string };
  feature_enabled?: boolean;
}): ExpectedVariant {
  return {
    name: variant.name,
    enabled: variant.enabled,
    ...(variant.payload ? { payload: variant.payload } : {}),
    feature_enabled: variant.feature_enabled === true,
  };
}

// ---- Loading a state through the admin API --------------------------------------------------------------------

/** The answer that refused each feature: its status and the property its 400 names. */
type Refusals = Record<string, { status: number; path?: string }>;

class AdminRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly request: string,
  ) {
    super(`${request}: ${status} ${JSON.stringify(body)}`);
  }
}

/**
 * Variants as the admin API stores them exactly: in name order, with weights that total 1000 (all fixed but the
 * last, variable, which takes the rest). A single variant is chosen whatever its weight, so it is sent as variable
 * (stored at 1000). Anything else is sent with its exact weights, all fixed, which the admin API refuses.
 */
function storableVariants(variants: SpecVariant[], defaultStickiness: string): object[] {
  const sorted = variants.every((variant, i) => i === 0 || variants[i - 1].name.localeCompare(variant.name) <= 0);
  const total = variants.reduce((sum, variant) => sum + variant.weight, 0);
  const single = variants.length === 1 && variants[0].weight > 0;
  const exact = single || (sorted && total === 1000 && variants[variants.length - 1].weight > 0);
  return variants.map((variant, i) => ({
    name: variant.name,
    weight: variant.weight,
    weightType: exact && i === variants.length - 1 ? 'variable' : 'fix',
    stickiness: variant.stickiness ?? defaultStickiness,
    ...(variant.payload ? { payload: variant.payload } : {}),
    ...(variant.overrides ? { overrides: variant.overrides } : {}),
  }));
}

class SpecLoader {
  private readonly segmentIds = new Map<number, number>();

  constructor(
    private readonly t: TestApp,
    private readonly project: string,
    private readonly environments: string[],
  ) {}

  private async send(
    method: 'post' | 'put' | 'get' | 'delete',
    url: string,
    body?: unknown,
    expected = method === 'post' && url.endsWith('/features') ? 201 : 200,
  ): Promise<{ body: unknown }> {
    const request = this.t.http()[method](url).set('Authorization', ADMIN_TOKEN);
    const res = body === undefined ? await request : await request.send(body as object);
    if (res.status !== expected) throw new AdminRefusal(res.status, res.body, `${method.toUpperCase()} ${url}`);
    return res;
  }

  async segments(segments: SpecSegment[], fileId: string): Promise<void> {
    for (const segment of segments) {
      const res = await this.send(
        'post',
        '/api/admin/segments',
        { name: `${fileId}-${segment.name ?? segment.id}`, constraints: segment.constraints },
        201,
      );
      this.segmentIds.set(segment.id, (res.body as { id: number }).id);
    }
  }

  /** Creates the feature and configures it in every environment; dependencies come later (parents must exist). */
  async feature(feature: SpecFeature): Promise<void> {
    const base = `/api/admin/projects/${this.project}/features`;
    await this.send('post', base, {
      name: feature.name,
      description: feature.description ?? null,
      ...(feature.type ? { type: feature.type } : {}),
      ...(feature.impressionData !== undefined ? { impressionData: feature.impressionData } : {}),
    });
    try {
      await this.configure(feature);
    } catch (error) {
      // Nothing of a refused state stays (a later file may define a feature of the same name).
      if (error instanceof AdminRefusal) await this.remove(feature);
      throw error;
    }
  }

  private async configure(feature: SpecFeature): Promise<void> {
    const path = `/api/admin/projects/${this.project}/features/${encodeURIComponent(feature.name)}/environments`;
    for (const environment of this.environments) {
      for (const strategy of feature.strategies ?? []) {
        const parameters = Object.fromEntries(Object.entries(strategy.parameters ?? {}).map(([name, value]) => [name, String(value)]));
        await this.send('post', `${path}/${environment}/strategies`, {
          name: strategy.name,
          parameters,
          constraints: strategy.constraints ?? [],
          segments: (strategy.segments ?? []).map((id) => this.segmentIds.get(id) ?? id),
          // Without a stickiness of their own, the SDK gives strategy variants the strategy's.
          variants: storableVariants(strategy.variants ?? [], String(strategy.parameters?.stickiness ?? 'default')),
        });
      }
      if (feature.variants?.length)
        await this.send('put', `${path}/${environment}/variants`, storableVariants(feature.variants, 'default'));
      if (feature.enabled) await this.send('post', `${path}/${environment}/on`);
    }
  }

  /** Archives, then deletes the feature. */
  private async remove(feature: SpecFeature): Promise<void> {
    await this.send('delete', `/api/admin/projects/${this.project}/features/${encodeURIComponent(feature.name)}`, undefined, 202);
    await this.send('delete', `/api/admin/archive/${encodeURIComponent(feature.name)}`);
  }

  async dependencies(feature: SpecFeature): Promise<void> {
    const url = `/api/admin/projects/${this.project}/features/${encodeURIComponent(feature.name)}/dependencies`;
    for (const dependency of feature.dependencies ?? []) await this.send('post', url, dependency);
    const stored = (await this.send('get', url)).body as { feature: string }[];
    const wanted = (feature.dependencies ?? []).map((dependency) => dependency.feature);
    if (stored.length !== wanted.length) throw new AdminRefusal(200, stored, `GET ${url} after adding ${wanted.join(', ')}`);
  }
}

// ---- The suite ---------------------------------------------------------------------------------------------------

const files = (JSON.parse(readFileSync(join(SPEC_DIR, 'index.json'), 'utf8')) as string[]).map((name) => ({
  name,
  id: `spec-${name.slice(0, 2)}`,
  spec: JSON.parse(readFileSync(join(SPEC_DIR, name), 'utf8')) as SpecFile,
}));
const cases = (spec: SpecFile) => [...(spec.tests ?? []), ...(spec.variantTests ?? [])];
const allEnvironments = [
  ...new Set([DEFAULT_ENVIRONMENT, ...files.flatMap(({ spec }) => cases(spec).map((c) => environmentOf(c.context)))]),
];

describe('@unleash/client-specification through the admin API, /api/frontend and the Node SDK', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/api/`;
    for (const name of allEnvironments) {
      await t.http().post('/api/admin/environments').set('Authorization', ADMIN_TOKEN).send({ name, type: 'development' }).expect(201);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('loads feature names no two files share (each file is a project of one service)', () => {
    const owners = new Map<string, string>();
    for (const { name, spec } of files) {
      for (const feature of finalState(spec).features) {
        if (REFUSED[name]?.[feature.name]) continue;
        expect(owners.get(feature.name), feature.name).toBeUndefined();
        owners.set(feature.name, name);
      }
    }
  });

  for (const { name: fileName, id: project, spec } of files) {
    describe(fileName, () => {
      const state = finalState(spec);
      const refused = REFUSED[fileName] ?? {};
      const environments = [...new Set([DEFAULT_ENVIRONMENT, ...cases(spec).map((c) => environmentOf(c.context))])];
      const frontendTokens = new Map<string, string>();
      let loadRefusals: Refusals | undefined;
      const sdks = new Map<string, Unleash>();

      /** Why a case cannot be checked: its feature, or a parent of it, is refused. */
      const skipReason = (toggleName: string, seen = new Set<string>()): string | undefined => {
        if (refused[toggleName]) return `${toggleName}: ${refused[toggleName].why}`;
        seen.add(toggleName);
        const feature = state.features.find((candidate) => candidate.name === toggleName);
        for (const dependency of feature?.dependencies ?? []) {
          if (seen.has(dependency.feature)) continue;
          const parentReason = skipReason(dependency.feature, seen);
          if (parentReason) return `depends on ${parentReason}`;
        }
        return undefined;
      };

      beforeAll(async () => {
        await t.http().post('/api/admin/projects').set('Authorization', ADMIN_TOKEN).send({ id: project, name: spec.name }).expect(201);
        const loader = new SpecLoader(t, project, environments);
        await loader.segments(state.segments, project);
        const refusals: Refusals = {};
        /** Runs a step of loading the feature; a refusal is recorded (and must be listed), anything else fails. */
        const attempt = async (feature: SpecFeature, step: () => Promise<void>): Promise<void> => {
          if (refusals[feature.name] !== undefined) return;
          try {
            await step();
          } catch (error) {
            if (!(error instanceof AdminRefusal)) throw error;
            refusals[feature.name] = { status: error.status, path: (error.body as { details?: { path: string }[] }).details?.[0]?.path };
            if (!refused[feature.name]) throw error;
          }
        };
        for (const feature of state.features) await attempt(feature, () => loader.feature(feature));
        // Children of parents without a parent first, so a chain or a cycle is refused at its end.
        const hasParent = (name: string) => Boolean(state.features.find((candidate) => candidate.name === name)?.dependencies?.length);
        const children = state.features.filter((feature) => feature.dependencies?.length);
        const ordered = [
          ...children.filter((child) => !child.dependencies!.some((dependency) => hasParent(dependency.feature))),
          ...children.filter((child) => child.dependencies!.some((dependency) => hasParent(dependency.feature))),
        ];
        for (const feature of ordered) await attempt(feature, () => loader.dependencies(feature));
        loadRefusals = refusals;

        for (const environment of environments) {
          const res = await t
            .http()
            .post('/api/admin/api-tokens')
            .set('Authorization', ADMIN_TOKEN)
            .send({ tokenName: `${project}-${environment}`, type: 'frontend', environment, project })
            .expect(201);
          frontendTokens.set(environment, res.body.secret);
        }
        const client = await t
          .http()
          .post('/api/admin/api-tokens')
          .set('Authorization', ADMIN_TOKEN)
          .send({ tokenName: `${project}-sdk`, type: 'client', environment: DEFAULT_ENVIRONMENT, project })
          .expect(201);
        for (const mode of SDK_MODES) sdks.set(mode.name, await startSdk(url, client.body.secret, mode));
      });
      afterAll(() => {
        for (const sdk of sdks.values()) sdk.destroy();
      });

      it('loads the state through the admin API, refused exactly where REFUSED says (status and property)', () => {
        const listed = Object.entries(refused).map(([feature, { status, path }]) => [
          feature,
          { status, path: path ? expect.stringMatching(path) : undefined },
        ]);
        expect(loadRefusals).toEqual(Object.fromEntries(listed));
      });

      const frontendToggles = async (context: SpecContext) => {
        const res = await t
          .http()
          .get(`/api/frontend?${frontendQuery(context)}`)
          .set('Authorization', frontendTokens.get(environmentOf(context))!)
          .expect(200);
        return new Map((res.body.toggles as { name: string; variant: ExpectedVariant }[]).map((toggle) => [toggle.name, toggle]));
      };
      const callerAddressed = new Set(FRONTEND_WITH_CALLER_ADDRESS[fileName] ?? []);
      /** The context a frontend request evaluates: the caller's address when it names none. */
      const asFrontendEvaluates = (context: SpecContext): SpecContext => ({
        ...context,
        remoteAddress: context.remoteAddress ?? CALLER_ADDRESS,
      });
      const firstSdk = () => sdks.get(SDK_MODES[0].name)!;

      for (const c of cases(spec)) {
        const reason = skipReason(c.toggleName);
        const isVariantCase = typeof c.expectedResult === 'object';
        const title = `${isVariantCase ? 'getVariant' : 'isEnabled'}: ${c.description}`;
        const checks = ['/api/frontend', ...SDK_MODES.map((mode) => mode.name)];
        if (reason) {
          for (const check of checks) it.skip(`${check}, ${title} (skipped: ${reason})`, () => undefined);
          continue;
        }
        const byCallerAddress = callerAddressed.has(c.description);
        it(`/api/frontend${byCallerAddress ? " (with the caller's address, as the SDK answers it)" : ''}, ${title}`, async () => {
          const toggle = (await frontendToggles(c.context)).get(c.toggleName);
          const expected = byCallerAddress
            ? answerOf(firstSdk(), c.toggleName, asFrontendEvaluates(c.context), isVariantCase)
            : c.expectedResult;
          if (!isVariantCase) expect(toggle !== undefined).toBe(expected);
          else if ((expected as ExpectedVariant).feature_enabled) expect(toggle?.variant).toEqual(specVariant(expected as ExpectedVariant));
          else expect(toggle).toBeUndefined();
        });
        for (const mode of SDK_MODES) {
          it(`${mode.name}, ${title}`, () => {
            const answer = answerOf(sdks.get(mode.name)!, c.toggleName, c.context, isVariantCase);
            expect(answer).toEqual(isVariantCase ? specVariant(c.expectedResult as ExpectedVariant) : c.expectedResult);
          });
        }
      }
    });
  }
});

/** What the SDK answers for a case: `isEnabled`, or `getVariant` as the specification states variants. */
function answerOf(sdk: Unleash, toggleName: string, context: SpecContext, variant: boolean): boolean | ExpectedVariant {
  // The context goes as the specification writes it, `null` properties included (the SDK reads them as absent).
  const sdkContext = context as unknown as Context;
  return variant ? specVariant(sdk.getVariant(toggleName, sdkContext)) : sdk.isEnabled(toggleName, sdkContext);
}

/** The official Node SDK, started in the given mode and synchronized with the service. */
async function startSdk(url: string, token: string, mode: SdkMode): Promise<Unleash> {
  const sdk = new Unleash({
    url,
    appName: 'client-specification',
    environment: DEFAULT_ENVIRONMENT,
    customHeaders: { Authorization: token },
    disableMetrics: true,
    refreshInterval: 60_000,
    storageProvider: new InMemStorageProvider(),
    skipInstanceCountWarning: true,
    ...mode.config,
  });
  const errors: unknown[] = [];
  sdk.on('error', (error) => errors.push(error));
  await new Promise<void>((resolve, reject) => {
    sdk.once('synchronized', () => resolve());
    setTimeout(() => reject(new Error(`${mode.name}: not synchronized within 5 s: ${errors.map(String).join('; ')}`)), 5_000).unref();
  });
  if (errors.length) throw new Error(`${mode.name}: ${errors.map(String).join('; ')}`);
  return sdk;
}
