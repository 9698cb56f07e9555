import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { type EmailOptions, isFrontendApiOrigin, type OidcSettings } from '../core/config/flagwright-config.js';

/** Unleash's first-admin password, which the standalone service keeps (and says in its log) when none is set. */
export const DEFAULT_ADMIN_PASSWORD = 'unleash4all';

/** The standalone service's settings, read from environment variables and checked before anything starts. */
export interface StandaloneEnvironment {
  port: number;
  host: string;
  baseUriPath: string;
  databaseUrl?: string;
  databaseFile: string;
  logLevel: string;
  migrationsRun: boolean;
  production: boolean;
  sessionSecret: string;
  /** True when no SESSION_SECRET was given and a random one is used for this process only. */
  sessionSecretGenerated: boolean;
  sessionTtlHours: number;
  sessionCookieName: string;
  secureCookies?: boolean;
  maxParallelSessions: number;
  loginRateLimitPerMinute: number;
  passwordResetLimitPerMinute: number;
  loginLockoutThreshold: number;
  loginLockoutMinutes: number;
  /**
   * Express's `trust proxy`: which proxies in front of the service may name the client address in
   * `X-Forwarded-For` (TRUST_PROXY). False by default: the address is the one the connection came from.
   */
  trustProxy: TrustProxy;
  /** UNLEASH_URL: where people reach the service, for the links of invitations and resets. */
  publicUrl?: string;
  /** EMAIL_HOST and the rest: the SMTP server that sends those links; unset, an admin hands them over. */
  email?: EmailOptions;
  adminUsername: string;
  adminPassword: string;
  initAdminApiTokens: string[];
  initClientApiTokens: string[];
  initFrontendApiTokens: string[];
  limits: {
    constraintsPerStrategy: number;
    valuesPerConstraint: number;
    segmentsPerStrategy: number;
    strategiesPerFeatureEnvironment: number;
    personalAccessTokensPerUser: number;
  };
  metricsFlushIntervalSeconds: number;
  metricsRetentionHours: number;
  playgroundEvaluationLimit: number;
  potentiallyStaleCheckIntervalSeconds: number;
  sdkKeptScopes: number;
  /** OIDC settings from OIDC_* variables (absent unless OIDC_DISCOVER_URL is set: then the admin API cannot change them). */
  oidc?: Partial<OidcSettings>;
  authSecretKey?: string;
  breakGlassUsername?: string;
  /** Nothing runs in the standalone process to use in-process evaluation: off, to keep idle memory low (tests turn it on). */
  sdkInProcessEvaluation: boolean;
  /** The performance mechanisms' off switches (src/core/performance, src/standalone/performance). */
  performance: { lowPriorityHashing: boolean; pipelinedTransactions: boolean };
  /** Where browsers may call /api/frontend from until an admin sets it (UNLEASH_FRONTEND_API_ORIGINS, default *). */
  frontendApiOrigins: string[];
}

/** What Express's `trust proxy` accepts, except `true` (trusting any sender lets every client choose its own address). */
export type TrustProxy = false | number | string[];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and validates the environment; every problem is reported at once, and start-up stops on any. */
export function readEnvironment(env: NodeJS.ProcessEnv): StandaloneEnvironment {
  const problems: string[] = [];
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, but is "${raw}".`);
      return fallback;
    }
    return value;
  };
  const boolean = (name: string, fallback?: boolean): boolean | undefined => {
    const raw = env[name]?.trim().toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    problems.push(`${name} must be true or false, but is "${env[name]}".`);
    return fallback;
  };
  const list = (...names: string[]): string[] =>
    names.flatMap((name) =>
      (env[name] ?? '')
        .split(',')
        .map((token) => token.trim())
        .filter(Boolean),
    );

  const production = env.NODE_ENV === 'production';
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(`DATABASE_URL must be a postgres:// or postgresql:// URL; leave it unset to use the SQLite file.`);
  }
  const logLevel = (env.LOG_LEVEL ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, but is "${env.LOG_LEVEL}".`);
  const sessionSecret = env.SESSION_SECRET ?? '';
  if (production && !sessionSecret) problems.push('SESSION_SECRET is required when NODE_ENV=production.');
  if (sessionSecret && sessionSecret.length < 16) problems.push('SESSION_SECRET must be at least 16 characters long.');
  const adminUsername = env.UNLEASH_DEFAULT_ADMIN_USERNAME || undefined;
  const adminPassword = env.UNLEASH_DEFAULT_ADMIN_PASSWORD || undefined;
  if (Boolean(adminUsername) !== Boolean(adminPassword)) {
    problems.push('UNLEASH_DEFAULT_ADMIN_USERNAME and UNLEASH_DEFAULT_ADMIN_PASSWORD must be set together.');
  }

  const frontendApiOrigins = list('UNLEASH_FRONTEND_API_ORIGINS');
  const badOrigin = frontendApiOrigins.find((origin) => !isFrontendApiOrigin(origin));
  if (badOrigin !== undefined) {
    problems.push(`UNLEASH_FRONTEND_API_ORIGINS must list "*" or origins such as https://app.example.com, but lists "${badOrigin}".`);
  }
  const oidc = readOidc(env, boolean, problems);
  const authSecretKey = env.AUTH_SECRET_KEY || undefined;
  if (authSecretKey && authSecretKey.length < 16) problems.push('AUTH_SECRET_KEY must be at least 16 characters long.');
  const publicUrl = env.UNLEASH_URL?.trim() || undefined;
  if (publicUrl && !isHttpUrl(publicUrl)) problems.push(`UNLEASH_URL must be an http:// or https:// URL, but is "${publicUrl}".`);

  const environment: StandaloneEnvironment = {
    port: integer('PORT', 4242, 0, 65535),
    host: env.HOST || '0.0.0.0',
    baseUriPath: env.BASE_URI_PATH ?? '',
    databaseUrl,
    databaseFile: env.DATABASE_FILE || './data/flagwright.sqlite',
    logLevel,
    migrationsRun: boolean('MIGRATIONS_RUN', true)!,
    production,
    sessionSecret: sessionSecret || randomBytes(32).toString('hex'),
    sessionSecretGenerated: !sessionSecret,
    sessionTtlHours: integer('SESSION_TTL_HOURS', 48, 1, 24 * 365),
    sessionCookieName: env.SESSION_COOKIE_NAME || 'unleash-session',
    secureCookies: boolean('SECURE_COOKIES'),
    maxParallelSessions: integer('MAX_PARALLEL_SESSIONS', 5, 1, 1000),
    loginRateLimitPerMinute: integer('SIMPLE_LOGIN_LIMIT_PER_MINUTE', 10, 1, 100_000),
    passwordResetLimitPerMinute: integer('PASSWORD_RESET_LIMIT_PER_MINUTE', 1, 1, 100_000),
    loginLockoutThreshold: integer('LOGIN_LOCKOUT_THRESHOLD', 10, 1, 1000),
    loginLockoutMinutes: integer('LOGIN_LOCKOUT_MINUTES', 15, 1, 60 * 24 * 30),
    trustProxy: trustedProxies(env.TRUST_PROXY, problems),
    publicUrl: env.UNLEASH_URL?.trim() || undefined,
    email: env.EMAIL_HOST?.trim()
      ? {
          host: env.EMAIL_HOST.trim(),
          port: integer('EMAIL_PORT', 587, 1, 65535),
          secure: boolean('EMAIL_SECURE', false),
          user: env.EMAIL_USER || undefined,
          password: env.EMAIL_PASSWORD || undefined,
          sender: env.EMAIL_SENDER?.trim() || 'noreply@flagwright.local',
        }
      : undefined,
    // The standalone service keeps Unleash's well-known first admin; an embedding host names its own, or none.
    adminUsername: adminUsername ?? 'admin',
    adminPassword: adminPassword ?? DEFAULT_ADMIN_PASSWORD,
    initAdminApiTokens: list('INIT_ADMIN_API_TOKENS'),
    initClientApiTokens: list('INIT_CLIENT_API_TOKENS', 'INIT_BACKEND_API_TOKENS'),
    initFrontendApiTokens: list('INIT_FRONTEND_API_TOKENS'),
    limits: {
      constraintsPerStrategy: integer('UNLEASH_CONSTRAINTS_LIMIT', 30, 1, 10_000),
      valuesPerConstraint: integer('UNLEASH_CONSTRAINT_VALUES_LIMIT', 250, 1, 100_000),
      segmentsPerStrategy: integer('UNLEASH_STRATEGY_SEGMENTS_LIMIT', 5, 1, 1000),
      strategiesPerFeatureEnvironment: integer('UNLEASH_FEATURE_ENVIRONMENT_STRATEGIES_LIMIT', 30, 1, 10_000),
      personalAccessTokensPerUser: integer('UNLEASH_PERSONAL_ACCESS_TOKENS_LIMIT', 10, 1, 1000),
    },
    metricsFlushIntervalSeconds: integer('METRICS_FLUSH_INTERVAL_SECONDS', 5, 1, 3600),
    metricsRetentionHours: integer('METRICS_RETENTION_HOURS', 48, 1, 24 * 366),
    playgroundEvaluationLimit: integer('PLAYGROUND_EVALUATION_LIMIT', 15_000, 1, 100_000_000),
    potentiallyStaleCheckIntervalSeconds: integer('POTENTIALLY_STALE_CHECK_INTERVAL_SECONDS', 60, 1, 86_400),
    sdkKeptScopes: integer('SDK_KEPT_SCOPES', 64, 1, 100_000),
    sdkInProcessEvaluation: false,
    performance: {
      lowPriorityHashing: boolean('LOW_PRIORITY_HASHING', true)!,
      pipelinedTransactions: boolean('PIPELINED_TRANSACTIONS', true)!,
    },
    frontendApiOrigins: frontendApiOrigins.length > 0 ? frontendApiOrigins : ['*'],
    oidc,
    authSecretKey,
    breakGlassUsername: env.AUTH_BREAK_GLASS_USERNAME?.trim() || undefined,
  };
  if (problems.length) throw new Error(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return environment;
}

const ROOT_ROLES = ['Viewer', 'Editor', 'Admin'] as const;
const SIGNING_ALGORITHMS = ['RS256', 'RS384', 'RS512'] as const;

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

/** OIDC_* variables, when OIDC_DISCOVER_URL is set; the ones left unset keep the admin API's defaults. */
function readOidc(
  env: NodeJS.ProcessEnv,
  boolean: (name: string, fallback?: boolean) => boolean | undefined,
  problems: string[],
): Partial<OidcSettings> | undefined {
  const discoverUrl = env.OIDC_DISCOVER_URL?.trim();
  if (!discoverUrl) return undefined;
  if (!isHttpUrl(discoverUrl)) problems.push(`OIDC_DISCOVER_URL must be an http:// or https:// URL, but is "${discoverUrl}".`);
  const oneOf = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
    const raw = env[name]?.trim();
    if (!raw) return undefined;
    if (allowed.includes(raw as T)) return raw as T;
    problems.push(`${name} must be one of ${allowed.join(', ')}, but is "${raw}".`);
    return undefined;
  };
  const settings: Partial<OidcSettings> = {
    enabled: boolean('OIDC_ENABLED', true),
    discoverUrl,
    clientId: env.OIDC_CLIENT_ID?.trim(),
    secret: env.OIDC_CLIENT_SECRET,
    autoCreate: boolean('OIDC_AUTO_CREATE'),
    emailDomains: env.OIDC_EMAIL_DOMAINS,
    defaultRootRole: oneOf('OIDC_DEFAULT_ROOT_ROLE', ROOT_ROLES),
    enableGroupSyncing: boolean('OIDC_ENABLE_GROUP_SYNCING'),
    groupJsonPath: env.OIDC_GROUP_JSON_PATH,
    addGroupsScope: boolean('OIDC_ADD_GROUPS_SCOPE'),
    enableSingleSignOut: boolean('OIDC_ENABLE_SINGLE_SIGN_OUT'),
    idTokenSigningAlgorithm: oneOf('OIDC_ID_TOKEN_SIGNING_ALGORITHM', SIGNING_ALGORITHMS),
    acrValues: env.OIDC_ACR_VALUES,
  };
  if (!settings.clientId) problems.push('OIDC_CLIENT_ID is required when OIDC_DISCOVER_URL is set.');
  if (!settings.secret) problems.push('OIDC_CLIENT_SECRET is required when OIDC_DISCOVER_URL is set.');
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
}

/**
 * TRUST_PROXY: unset or `false`, nobody; a whole number, that many proxies in front (the address that many hops
 * back is the client's); otherwise a comma-separated list of the proxies' addresses or subnets, or Express's names
 * `loopback`, `linklocal`, `uniquelocal`. `true` is refused: any client could then name its own address, escape the
 * login limit per address and forge the address events record.
 */
function trustedProxies(raw: string | undefined, problems: string[]): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value.toLowerCase() === 'true') {
    problems.push(
      'TRUST_PROXY must name the proxies in front of the service (their addresses or subnets, or how many there are), but is "true", which would let any client choose its own address.',
    );
    return false;
  }
  const proxies = value
    .split(',')
    .map((proxy) => proxy.trim())
    .filter(Boolean);
  const names = new Set(['loopback', 'linklocal', 'uniquelocal']);
  const wrong = proxies.filter((proxy) => !names.has(proxy) && isIP(proxy.split('/')[0]) === 0);
  if (wrong.length > 0) {
    problems.push(
      `TRUST_PROXY must be false, a number of proxies, or a comma-separated list of addresses, subnets, loopback, linklocal or uniquelocal, but names ${wrong.map((proxy) => `"${proxy}"`).join(', ')}.`,
    );
    return false;
  }
  return proxies;
}
