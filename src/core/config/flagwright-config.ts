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
    /** Requests of a password reset email (`POST /auth/reset/password-email`) per client address per minute. */
    passwordResetLimitPerMinute?: number;
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
  /** Days without a login or a used personal access token after which a person counts as inactive (default 180, Unleash's). */
  userInactivityThresholdInDays?: number;
  /**
   * Lets the host application's own authenticated users act in Flagwright (off by default): a request without
   * Flagwright's credentials acts as the person `resolve` maps the host's user to (see docs/embedding.md).
   */
  hostUsers?: HostUsersOptions;
  /** Single sign-on with OpenID Connect and the switch for password login (see docs/sso/). */
  sso?: SsoOptions;
  /**
   * Where people reach the service from their browser (`https://flags.example.com`, with any path in front of ours),
   * for the links in invitations and password resets. Without it the links are paths under `basePath`.
   */
  publicUrl?: string;
  /** Sends welcome and password-reset links by email; without it an admin gets the link to hand over. */
  email?: EmailOptions;
  /**
   * The name the service gives itself to callers it refuses ("You must log in to use Flagwright."): `Flagwright` by
   * default. The standalone service says `Unleash`, as the anchor's clients expect of it.
   */
  productName?: string;
  /** Performance mechanisms a host may switch (src/core/performance/README.md says what each costs and buys). */
  performance?: Partial<FlagwrightConfig['performance']>;
  /**
   * The origins a browser may call `/api/frontend` from (CORS) until an admin sets them with
   * `POST /api/admin/ui-config/cors`: `*` (the default) for any, or origins such as `https://app.example.com`.
   */
  frontendApiOrigins?: string[];
  /**
   * Serve the web console at the root of our routes (`/` standalone, `/<routePrefix>/` embedded); true by default.
   * `false` leaves those paths to the host, with the API alone.
   */
  console?: boolean;
}

/** OpenID Connect settings as the admin API takes them (Unleash's `oidcSettingsSchema`). */
export interface OidcSettings {
  enabled: boolean;
  /** The provider's issuer URL, or its `/.well-known/openid-configuration` document. */
  discoverUrl: string;
  clientId: string;
  secret: string;
  /** Create people at their first sign-in (with `defaultRootRole`); off: only people who already exist may sign in. */
  autoCreate: boolean;
  /** Comma-separated email domains whose people may be created at their first sign-in (empty: any). */
  emailDomains: string;
  defaultRootRole: 'Viewer' | 'Editor' | 'Admin';
  /** Sync group membership from the claim at `groupJsonPath` to the groups whose `mappingsSSO` name it. */
  enableGroupSyncing: boolean;
  /** A dotted path into the ID token's claims, e.g. `groups` or `realm_access.roles`. */
  groupJsonPath: string;
  /** Ask for the `groups` scope (Okta and others send the claim only then). */
  addGroupsScope: boolean;
  /** Logging out also ends the provider's session (RP-initiated logout). */
  enableSingleSignOut: boolean;
  idTokenSigningAlgorithm: 'RS256' | 'RS384' | 'RS512';
  /** `acr_values` sent with the authorization request (empty: none). */
  acrValues: string;
}

export interface SsoOptions {
  /**
   * OIDC settings fixed by the host (the standalone service reads them from OIDC_* environment variables): the
   * admin API then shows them, with the secret masked, and refuses to change them.
   */
  oidc?: Partial<OidcSettings>;
  /** Encrypts the client secret stored through the admin API; by default a key derived from `session.secret`. */
  secretKey?: string;
  /**
   * The one login name that may still sign in with a password while password login is turned off, if it is a
   * person with the Admin root role: by default the first admin's username (`bootstrap.adminUsername`), else `admin`.
   */
  breakGlassUsername?: string;
}

/** An SMTP server to send links through (nodemailer's SMTP transport). */
export interface EmailOptions {
  host: string;
  port: number;
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  secure?: boolean;
  user?: string;
  password?: string;
  /** The From address. */
  sender: string;
}

/** The options with every default filled in; injected as FLAGWRIGHT_CONFIG. */
export interface FlagwrightConfig {
  runMigrations: boolean;
  basePath: string;
  loginPath: string;
  session: { secret: string; ttlHours: number; cookieName: string; secure?: boolean; maxParallelSessions: number };
  login: { rateLimitPerMinute: number; passwordResetLimitPerMinute: number; lockoutThreshold: number; lockoutMinutes: number };
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
  userInactivityThresholdInDays: number;
  /** Absent unless the host maps its users to Flagwright's. */
  hostUsers?: HostUsersOptions;
  sso: {
    oidc?: Partial<OidcSettings>;
    secretKey: string;
    publicUrl?: string;
    breakGlassUsername: string;
  };
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
  frontendApiOrigins: string[];
  /** Where links point: `publicUrl` without a trailing slash, or `basePath`. */
  linkBase: string;
  email?: EmailOptions;
  console: boolean;
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
  const badOrigin = options.frontendApiOrigins?.find((origin) => !isFrontendApiOrigin(origin));
  if (badOrigin !== undefined) {
    throw new Error(
      `Flagwright: \`frontendApiOrigins\` lists ${JSON.stringify(badOrigin)}, which is neither "*" nor an origin such as https://app.example.com (scheme, host and port only).`,
    );
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
      passwordResetLimitPerMinute: options.login?.passwordResetLimitPerMinute ?? 1,
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
    userInactivityThresholdInDays: options.userInactivityThresholdInDays ?? 180,
    hostUsers: options.hostUsers,
    sso: {
      oidc: options.sso?.oidc,
      secretKey: options.sso?.secretKey ?? options.session.secret,
      publicUrl: options.publicUrl?.trim().replace(/\/+$/, ''),
      breakGlassUsername: options.sso?.breakGlassUsername ?? options.bootstrap?.adminUsername ?? 'admin',
    },
    productName: options.productName ?? 'Flagwright',
    performance: {
      lowPriorityHashing: options.performance?.lowPriorityHashing ?? false,
      pipelinedTransactions: options.performance?.pipelinedTransactions ?? true,
    },
    frontendApiOrigins: options.frontendApiOrigins ?? ['*'],
    linkBase: options.publicUrl ? options.publicUrl.trim().replace(/\/+$/, '') : basePath,
    email: options.email,
    console: options.console ?? true,
  };
}

/** `*`, or an origin as browsers send it in `Origin` (scheme, host and port, nothing after). */
export function isFrontendApiOrigin(origin: unknown): boolean {
  if (origin === '*') return true;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).origin === origin;
  } catch {
    return false;
  }
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
