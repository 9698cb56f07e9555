import type { DataSource } from 'typeorm';
import type { HostUsersOptions } from '../access/host-user.js';

export const FLAGWRIGHT_CONFIG = Symbol('FLAGWRIGHT_CONFIG');

/** Options a host passes to FlagwrightModule.forRoot / forRootAsync. Everything but the session secret has a default. */
export interface FlagwrightModuleOptions {
  /**
   * The TypeORM DataSource holding our entities and migrations. When omitted, the one registered with
   * TypeOrmModule (named by the `dataSourceName` extra) is used.
   */
  dataSource?: DataSource;
  /** Run our migrations when the module starts (default true). */
  runMigrations?: boolean;
  /**
   * The path in front of our routes (before `routePrefix`) as clients reach them, used in links, `location` headers
   * and the session cookie's path. By default the application's global prefix, unless it excludes our routes; give
   * it when a proxy in front of the application changes paths.
   */
  basePath?: string;
  session: {
    /** Signs session cookies; every instance behind one load balancer needs the same value. */
    secret: string;
    ttlHours?: number;
    cookieName?: string;
    /** Mark the cookie Secure; by default it is Secure when the request came over https. */
    secure?: boolean;
    maxParallelSessions?: number;
  };
  login?: {
    rateLimitPerMinute?: number;
    lockoutThreshold?: number;
    lockoutMinutes?: number;
  };
  bootstrap?: {
    /** Both given: the first admin person is created with them while no person exists. Neither: none is created. */
    adminUsername?: string;
    adminPassword?: string;
    adminApiTokens?: string[];
    clientApiTokens?: string[];
    frontendApiTokens?: string[];
  };
  limits?: Partial<FlagwrightConfig['limits']>;
  sdk?: Partial<FlagwrightConfig['sdk']>;
  /** Seconds between writes of the SDK metrics kept in memory (default 5); a graceful stop writes them too. */
  metricsFlushIntervalSeconds?: number;
  /** Hourly metrics buckets older than this many hours are deleted (default 48). */
  metricsRetentionHours?: number;
  /**
   * The most evaluations one advanced playground request may ask for (environments × flags × context combinations;
   * default 15,000, Unleash's); a request over it answers 400.
   */
  playgroundEvaluationLimit?: number;
  /** Seconds between the checks that mark flags potentially stale once they outlive their type's lifetime (default 60). */
  potentiallyStaleCheckIntervalSeconds?: number;
  /**
   * Lets the host application's own authenticated users act in Flagwright (off by default): a request without
   * Flagwright's credentials acts as the person `resolve` maps the host's user to (see docs/embedding.md).
   */
  hostUsers?: HostUsersOptions;
  /**
   * The name the service gives itself to callers it refuses ("You must log in to use Flagwright."): `Flagwright` by
   * default. The standalone service says `Unleash`, as the anchor's clients expect of it.
   */
  productName?: string;
  /** Performance mechanisms a host may switch (src/core/performance/README.md says what each costs and buys). */
  performance?: Partial<FlagwrightConfig['performance']>;
}

/** The options with every default filled in; injected as FLAGWRIGHT_CONFIG. */
export interface FlagwrightConfig {
  runMigrations: boolean;
  basePath: string;
  loginPath: string;
  session: { secret: string; ttlHours: number; cookieName: string; secure?: boolean; maxParallelSessions: number };
  login: { rateLimitPerMinute: number; lockoutThreshold: number; lockoutMinutes: number };
  bootstrap: {
    /** The first admin person, when the options ask for one. */
    admin?: { username: string; password: string };
    adminApiTokens: string[];
    clientApiTokens: string[];
    frontendApiTokens: string[];
  };
  limits: {
    constraintsPerStrategy: number;
    valuesPerConstraint: number;
    segmentsPerStrategy: number;
    strategiesPerFeatureEnvironment: number;
    personalAccessTokensPerUser: number;
  };
  sdk: {
    /** SDK scopes (environment, projects, name prefix) whose answers are kept in memory; the least recently used go. */
    keptScopes: number;
    /** The environment the in-process FeatureFlags service evaluates in. */
    evaluationEnvironment: string;
    /** Keep the in-process FeatureFlags service up to date (its snapshot costs memory; off in the standalone service). */
    inProcessEvaluation: boolean;
  };
  metricsFlushIntervalSeconds: number;
  metricsRetentionHours: number;
  playgroundEvaluationLimit: number;
  potentiallyStaleCheckIntervalSeconds: number;
  /** Absent unless the host maps its users to Flagwright's. */
  hostUsers?: HostUsersOptions;
  productName: string;
  performance: {
    /**
     * Password hashing threads below the CPU priority of the process's other threads (nice 10, and SCHED_IDLE
     * where util-linux's `chrt` is installed; Linux only). Off by default: it changes how threads of the host's
     * process are scheduled, which only the host may decide. The standalone service turns it on.
     */
    lowPriorityHashing: boolean;
    /** PostgreSQL transactions in node-postgres's pipeline mode (default on). */
    pipelinedTransactions: boolean;
  };
}

export const DEFAULT_LIMITS: FlagwrightConfig['limits'] = {
  constraintsPerStrategy: 30,
  valuesPerConstraint: 250,
  segmentsPerStrategy: 5,
  strategiesPerFeatureEnvironment: 30,
  personalAccessTokensPerUser: 10,
};

/** The shortest session secret accepted: shorter ones can be guessed offline from one signed cookie. */
export const MIN_SESSION_SECRET_LENGTH = 16;

/** Options that would start a service that cannot work, refused at start with what to do. */
function checkOptions(options: FlagwrightModuleOptions): void {
  const extra = (['routePrefix', 'dataSourceName', 'isGlobal'] as const).find((name) => name in options);
  if (extra) {
    throw new Error(
      `Flagwright: \`${extra}\` is read when the module is defined, not from the options your factory returns. ` +
        `Pass it beside useFactory: FlagwrightModule.forRootAsync({ ${extra}: ${JSON.stringify((options as unknown as Record<string, unknown>)[extra])}, useFactory: ... }).`,
    );
  }
  const secret = options.session?.secret;
  if (typeof secret !== 'string' || secret.length < MIN_SESSION_SECRET_LENGTH) {
    throw new Error(
      `Flagwright: \`session.secret\` must be a string of at least ${MIN_SESSION_SECRET_LENGTH} characters (it signs session cookies; ` +
        'every instance needs the same one). Pass it in the module options: { session: { secret: process.env.SESSION_SECRET } }.',
    );
  }
  const { adminUsername, adminPassword } = options.bootstrap ?? {};
  if (Boolean(adminUsername) !== Boolean(adminPassword)) {
    throw new Error('Flagwright: `bootstrap.adminUsername` and `bootstrap.adminPassword` go together: give both, or neither.');
  }
  if (options.hostUsers != null && typeof options.hostUsers.resolve !== 'function') {
    throw new Error(
      "Flagwright: `hostUsers.resolve` must be a function that answers the host's user of a request ({ email, rootRole, username?, name? }) " +
        "or undefined, e.g. { hostUsers: { resolve: (request) => request.user && { email: request.user.email, rootRole: 'Viewer' } } }. " +
        "Leave `hostUsers` out to let only Flagwright's own credentials in.",
    );
  }
}

export function resolveConfig(options: FlagwrightModuleOptions): FlagwrightConfig {
  checkOptions(options);
  const basePath = normaliseBasePath(options.basePath ?? '');
  return {
    runMigrations: options.runMigrations ?? true,
    basePath,
    loginPath: loginPathUnder(basePath),
    session: {
      secret: options.session.secret,
      ttlHours: options.session.ttlHours ?? 48,
      cookieName: options.session.cookieName ?? 'unleash-session',
      secure: options.session.secure,
      maxParallelSessions: options.session.maxParallelSessions ?? 5,
    },
    login: {
      rateLimitPerMinute: options.login?.rateLimitPerMinute ?? 10,
      lockoutThreshold: options.login?.lockoutThreshold ?? 10,
      lockoutMinutes: options.login?.lockoutMinutes ?? 15,
    },
    bootstrap: {
      admin:
        options.bootstrap?.adminUsername && options.bootstrap.adminPassword
          ? { username: options.bootstrap.adminUsername, password: options.bootstrap.adminPassword }
          : undefined,
      adminApiTokens: options.bootstrap?.adminApiTokens ?? [],
      clientApiTokens: options.bootstrap?.clientApiTokens ?? [],
      frontendApiTokens: options.bootstrap?.frontendApiTokens ?? [],
    },
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    sdk: {
      keptScopes: options.sdk?.keptScopes ?? 64,
      evaluationEnvironment: options.sdk?.evaluationEnvironment ?? 'development',
      inProcessEvaluation: options.sdk?.inProcessEvaluation ?? true,
    },
    metricsFlushIntervalSeconds: options.metricsFlushIntervalSeconds ?? 5,
    metricsRetentionHours: options.metricsRetentionHours ?? 48,
    playgroundEvaluationLimit: options.playgroundEvaluationLimit ?? 15_000,
    potentiallyStaleCheckIntervalSeconds: options.potentiallyStaleCheckIntervalSeconds ?? 60,
    hostUsers: options.hostUsers,
    productName: options.productName ?? 'Flagwright',
    performance: {
      lowPriorityHashing: options.performance?.lowPriorityHashing ?? false,
      pipelinedTransactions: options.performance?.pipelinedTransactions ?? true,
    },
  };
}

/** Where people log in, under the path in front of our routes. */
export function loginPathUnder(basePath: string): string {
  return `${basePath}/auth/simple/login`;
}

/** "" or "/flags": a leading slash, no trailing one. */
export function normaliseBasePath(path: string): string {
  const trimmed = path.trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
}
