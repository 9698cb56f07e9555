import { randomBytes } from 'node:crypto';

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
  loginLockoutThreshold: number;
  loginLockoutMinutes: number;
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
  /** Nothing runs in the standalone process to use in-process evaluation: off, to keep idle memory low (tests turn it on). */
  sdkInProcessEvaluation: boolean;
  /** The performance mechanisms' off switches (src/core/performance, src/standalone/performance). */
  performance: { lowPriorityHashing: boolean; pipelinedTransactions: boolean };
}

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
    loginLockoutThreshold: integer('LOGIN_LOCKOUT_THRESHOLD', 10, 1, 1000),
    loginLockoutMinutes: integer('LOGIN_LOCKOUT_MINUTES', 15, 1, 60 * 24 * 30),
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
  };
  if (problems.length) throw new Error(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return environment;
}
