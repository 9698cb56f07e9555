import { randomBytes } from 'node:crypto';
import type { EmailOptions, OidcSettings } from '../core/config/flagwright-config.js';
import { DEFAULT_ADMIN_PASSWORD, type SettingName, type SettingValue, settingReader, type TrustProxy } from './configuration/settings.js';

/**
 * The standalone service's settings, read from the environment variables declared in configuration/settings.ts and
 * checked before anything starts.
 */
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
  userInactivityThresholdInDays: number;
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

/**
 * Reads and validates the environment through the declared settings, then the rules between variables; every
 * problem is reported at once, and start-up stops on any.
 */
export function readEnvironment(env: NodeJS.ProcessEnv): StandaloneEnvironment {
  const problems: string[] = [];
  const read = settingReader(env, problems);

  const production = read('NODE_ENV') === 'production';
  const sessionSecret = read('SESSION_SECRET');
  if (production && !sessionSecret) problems.push('SESSION_SECRET is required when NODE_ENV=production.');
  const adminUsername = read('UNLEASH_DEFAULT_ADMIN_USERNAME');
  const adminPassword = read('UNLEASH_DEFAULT_ADMIN_PASSWORD');
  if (Boolean(adminUsername) !== Boolean(adminPassword)) {
    problems.push('UNLEASH_DEFAULT_ADMIN_USERNAME and UNLEASH_DEFAULT_ADMIN_PASSWORD must be set together.');
  }
  // Every variable is read (and checked) whether or not the ones it goes with are set.
  const emailHost = read('EMAIL_HOST');
  const email: EmailOptions = {
    host: emailHost ?? '',
    port: read('EMAIL_PORT'),
    secure: read('EMAIL_SECURE'),
    user: read('EMAIL_USER'),
    password: read('EMAIL_PASSWORD'),
    sender: read('EMAIL_SENDER'),
  };

  const environment: StandaloneEnvironment = {
    port: read('PORT'),
    host: read('HOST'),
    baseUriPath: read('BASE_URI_PATH'),
    databaseUrl: read('DATABASE_URL'),
    databaseFile: read('DATABASE_FILE'),
    logLevel: read('LOG_LEVEL'),
    migrationsRun: read('MIGRATIONS_RUN'),
    production,
    sessionSecret: sessionSecret ?? randomBytes(32).toString('hex'),
    sessionSecretGenerated: !sessionSecret,
    sessionTtlHours: read('SESSION_TTL_HOURS'),
    sessionCookieName: read('SESSION_COOKIE_NAME'),
    secureCookies: read('SECURE_COOKIES'),
    maxParallelSessions: read('MAX_PARALLEL_SESSIONS'),
    loginRateLimitPerMinute: read('SIMPLE_LOGIN_LIMIT_PER_MINUTE'),
    passwordResetLimitPerMinute: read('PASSWORD_RESET_LIMIT_PER_MINUTE'),
    loginLockoutThreshold: read('LOGIN_LOCKOUT_THRESHOLD'),
    loginLockoutMinutes: read('LOGIN_LOCKOUT_MINUTES'),
    trustProxy: read('TRUST_PROXY'),
    publicUrl: read('UNLEASH_URL'),
    email: emailHost ? email : undefined,
    // The standalone service keeps Unleash's well-known first admin; an embedding host names its own, or none.
    adminUsername: adminUsername ?? 'admin',
    adminPassword: adminPassword ?? DEFAULT_ADMIN_PASSWORD,
    initAdminApiTokens: read('INIT_ADMIN_API_TOKENS'),
    initClientApiTokens: [...read('INIT_CLIENT_API_TOKENS'), ...read('INIT_BACKEND_API_TOKENS')],
    initFrontendApiTokens: read('INIT_FRONTEND_API_TOKENS'),
    limits: {
      constraintsPerStrategy: read('UNLEASH_CONSTRAINTS_LIMIT'),
      valuesPerConstraint: read('UNLEASH_CONSTRAINT_VALUES_LIMIT'),
      segmentsPerStrategy: read('UNLEASH_STRATEGY_SEGMENTS_LIMIT'),
      strategiesPerFeatureEnvironment: read('UNLEASH_FEATURE_ENVIRONMENT_STRATEGIES_LIMIT'),
      personalAccessTokensPerUser: read('UNLEASH_PERSONAL_ACCESS_TOKENS_LIMIT'),
    },
    metricsFlushIntervalSeconds: read('METRICS_FLUSH_INTERVAL_SECONDS'),
    metricsRetentionHours: read('METRICS_RETENTION_HOURS'),
    playgroundEvaluationLimit: read('PLAYGROUND_EVALUATION_LIMIT'),
    potentiallyStaleCheckIntervalSeconds: read('POTENTIALLY_STALE_CHECK_INTERVAL_SECONDS'),
    userInactivityThresholdInDays: read('USER_INACTIVITY_THRESHOLD_IN_DAYS'),
    sdkKeptScopes: read('SDK_KEPT_SCOPES'),
    sdkInProcessEvaluation: false,
    performance: {
      lowPriorityHashing: read('LOW_PRIORITY_HASHING'),
      pipelinedTransactions: read('PIPELINED_TRANSACTIONS'),
    },
    frontendApiOrigins: read('UNLEASH_FRONTEND_API_ORIGINS'),
    oidc: readOidc(read, problems),
    authSecretKey: read('AUTH_SECRET_KEY'),
    breakGlassUsername: read('AUTH_BREAK_GLASS_USERNAME'),
  };
  if (problems.length) throw new Error(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return environment;
}

/** OIDC_* variables, when OIDC_DISCOVER_URL is set; the ones left unset keep the admin API's defaults. */
function readOidc(read: <N extends SettingName>(name: N) => SettingValue<N>, problems: string[]): Partial<OidcSettings> | undefined {
  const discoverUrl = read('OIDC_DISCOVER_URL');
  const settings: Partial<OidcSettings> = {
    enabled: read('OIDC_ENABLED'),
    discoverUrl,
    clientId: read('OIDC_CLIENT_ID'),
    secret: read('OIDC_CLIENT_SECRET'),
    autoCreate: read('OIDC_AUTO_CREATE'),
    emailDomains: read('OIDC_EMAIL_DOMAINS'),
    defaultRootRole: read('OIDC_DEFAULT_ROOT_ROLE'),
    enableGroupSyncing: read('OIDC_ENABLE_GROUP_SYNCING'),
    groupJsonPath: read('OIDC_GROUP_JSON_PATH'),
    addGroupsScope: read('OIDC_ADD_GROUPS_SCOPE'),
    enableSingleSignOut: read('OIDC_ENABLE_SINGLE_SIGN_OUT'),
    idTokenSigningAlgorithm: read('OIDC_ID_TOKEN_SIGNING_ALGORITHM'),
    acrValues: read('OIDC_ACR_VALUES'),
  };
  if (!discoverUrl) return undefined;
  if (!settings.clientId) problems.push('OIDC_CLIENT_ID is required when OIDC_DISCOVER_URL is set.');
  if (!settings.secret) problems.push('OIDC_CLIENT_SECRET is required when OIDC_DISCOVER_URL is set.');
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
}
