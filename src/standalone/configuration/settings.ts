import { isIP } from 'node:net';
import { isFrontendApiOrigin } from '../../core/config/flagwright-config.js';

/**
 * The standalone service's environment variables, declared once: how each is parsed and checked, what it falls back
 * to, and its row of the README's configuration table (written from here by `npm run docs:config`; a test fails when
 * the README, or a variable read in src/ without a declaration here, drifts). readEnvironment (../environment.ts)
 * reads every variable through this list and maps them onto the module's options; the embedded module reads none.
 */
export interface Setting<T> {
  /** What an unset (or empty) variable gives. */
  readonly fallback: T;
  /** The README's Default column (the fallback in words, when it is not a plain value). */
  readonly shownDefault: string;
  /** The README's Meaning column (Markdown). */
  readonly meaning: string;
  /** A set value's meaning, or the problem with it, worded to follow the variable's name. */
  parse(raw: string): T | Problem;
}

/** What is wrong with a value: `PORT` + ` must be a whole number …`. */
export class Problem {
  constructor(readonly text: string) {}
}

const code = (value: string | number | boolean): string => `\`${value}\``;
const UNSET = '(unset)';
const NONE = '(none)';

/** A whole number within a range, which the README's row states. */
function integer(fallback: number, min: number, max: number, meaning: string): Setting<number> {
  return {
    fallback,
    shownDefault: code(fallback),
    meaning: `${meaning} (${min}–${max})`,
    parse: (raw) => {
      const value = Number(raw);
      return Number.isInteger(value) && value >= min && value <= max
        ? value
        : new Problem(`must be a whole number from ${min} to ${max}, but is "${raw}".`);
    },
  };
}

function flag<T extends boolean | undefined>(fallback: T, meaning: string, shownDefault?: string): Setting<boolean | T> {
  return {
    fallback,
    shownDefault: shownDefault ?? code(fallback ?? false),
    meaning,
    parse: (raw) => {
      const value = raw.trim().toLowerCase();
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      return new Problem(`must be true or false, but is "${raw}".`);
    },
  };
}

interface TextOptions<T extends string | undefined> {
  fallback: T;
  shownDefault?: string;
  /** Trims the value (not for secrets and passwords, whose spaces count). */
  trim?: boolean;
  minLength?: number;
  /** A further check of the (trimmed) value: the problem, or undefined. */
  check?: (value: string) => string | undefined;
}

function text<T extends string | undefined>(meaning: string, options: TextOptions<T>): Setting<string | T> {
  return {
    fallback: options.fallback,
    shownDefault: options.shownDefault ?? (options.fallback === undefined ? UNSET : code(options.fallback)),
    meaning,
    parse: (raw) => {
      const value = options.trim ? raw.trim() : raw;
      if (value === '') return options.fallback;
      if (options.minLength && value.length < options.minLength) {
        return new Problem(`must be at least ${options.minLength} characters long.`);
      }
      const problem = options.check?.(value);
      return problem === undefined ? value : new Problem(problem);
    },
  };
}

interface OneOfOptions<F> {
  fallback: F;
  shownDefault?: string;
  /** Accepts the values in any case (the answer is the declared spelling). */
  anyCase?: boolean;
}

function oneOf<T extends string, const F extends T | undefined>(
  allowed: readonly T[],
  meaning: string,
  options: OneOfOptions<F>,
): Setting<T | F> {
  return {
    fallback: options.fallback,
    shownDefault: options.shownDefault ?? (options.fallback === undefined ? UNSET : code(options.fallback)),
    meaning,
    parse: (raw) => {
      const value = raw.trim();
      const same = (candidate: T): boolean => (options.anyCase ? candidate.toLowerCase() === value.toLowerCase() : candidate === value);
      return allowed.find(same) ?? new Problem(`must be one of ${allowed.join(', ')}, but is "${value}".`);
    },
  };
}

/** A comma-separated list; each item may be checked (the problem names the first wrong one). */
function list(
  meaning: string,
  options: { shownDefault?: string; fallback?: string[]; check?: (items: string[]) => string | undefined } = {},
): Setting<string[]> {
  return {
    fallback: options.fallback ?? [],
    shownDefault: options.shownDefault ?? NONE,
    meaning,
    parse: (raw) => {
      const items = raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      if (items.length === 0) return options.fallback ?? [];
      const problem = options.check?.(items);
      return problem === undefined ? items : new Problem(problem);
    },
  };
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

const httpUrl = (value: string): string | undefined =>
  isHttpUrl(value) ? undefined : `must be an http:// or https:// URL, but is "${value}".`;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const ROOT_ROLES = ['Viewer', 'Editor', 'Admin'] as const;
export const SIGNING_ALGORITHMS = ['RS256', 'RS384', 'RS512'] as const;

/** What Express's `trust proxy` accepts, except `true` (trusting any sender lets every client choose its own address). */
export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY: unset or `false`, nobody; a whole number, that many proxies in front (the address that many hops
 * back is the client's); otherwise a comma-separated list of the proxies' addresses or subnets, or Express's names
 * `loopback`, `linklocal`, `uniquelocal`. `true` is refused: any client could then name its own address, escape the
 * login limit per address and forge the address events record.
 */
function trustedProxies(meaning: string): Setting<TrustProxy> {
  const names = new Set(['loopback', 'linklocal', 'uniquelocal']);
  return {
    fallback: false,
    shownDefault: code(false),
    meaning,
    parse: (raw) => {
      const value = raw.trim();
      if (value === '' || value.toLowerCase() === 'false') return false;
      if (/^\d+$/.test(value)) return Number(value);
      if (value.toLowerCase() === 'true') {
        return new Problem(
          'must name the proxies in front of the service (their addresses or subnets, or how many there are), but is "true", which would let any client choose its own address.',
        );
      }
      const proxies = value
        .split(',')
        .map((proxy) => proxy.trim())
        .filter(Boolean);
      const wrong = proxies.filter((proxy) => !names.has(proxy) && isIP(proxy.split('/')[0]) === 0);
      if (wrong.length === 0) return proxies;
      return new Problem(
        `must be false, a number of proxies, or a comma-separated list of addresses, subnets, loopback, linklocal or uniquelocal, but names ${wrong.map((proxy) => `"${proxy}"`).join(', ')}.`,
      );
    },
  };
}

/** Unleash's first-admin password, which the standalone service keeps (and says in its log) when none is set. */
export const DEFAULT_ADMIN_PASSWORD = 'unleash4all';

/** Every variable, in the README's order. */
export const SETTINGS = {
  PORT: integer(4242, 0, 65535, 'HTTP port'),
  HOST: text('Interface to listen on', { fallback: '0.0.0.0' }),
  BASE_URI_PATH: text('Serve everything under this path, e.g. `/unleash`', { fallback: '', shownDefault: '(empty)' }),
  DATABASE_URL: text('`postgres://…` to use PostgreSQL; unset means SQLite', {
    fallback: undefined,
    trim: true,
    check: (value) =>
      /^postgres(ql)?:\/\//.test(value) ? undefined : 'must be a postgres:// or postgresql:// URL; leave it unset to use the SQLite file.',
  }),
  DATABASE_FILE: text('The SQLite file (WAL mode, foreign keys on)', { fallback: './data/flagwright.sqlite' }),
  MIGRATIONS_RUN: flag(
    true,
    'Run pending migrations at start, recorded in the `flagwright_migrations` table (`npm run migration:run` runs them by hand)',
  ),
  LOG_LEVEL: oneOf(LOG_LEVELS, '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`; logs are JSON lines', {
    fallback: 'info',
    anyCase: true,
  }),
  NODE_ENV: text('`production` makes `SESSION_SECRET` required', { fallback: undefined }),
  SESSION_SECRET: text('Signs session cookies; give every instance the same one (required in production)', {
    fallback: undefined,
    shownDefault: 'random per process',
    minLength: 16,
  }),
  SESSION_TTL_HOURS: integer(48, 1, 24 * 365, 'How long a login session lasts, in hours'),
  SESSION_COOKIE_NAME: text('Name of the session cookie', { fallback: 'unleash-session' }),
  SECURE_COOKIES: flag(undefined, '`true` to always mark the session cookie Secure; by default it is Secure over https', '(by request)'),
  MAX_PARALLEL_SESSIONS: integer(5, 1, 1000, 'Sessions per user; the oldest is dropped'),
  SIMPLE_LOGIN_LIMIT_PER_MINUTE: integer(10, 1, 100_000, 'Login attempts per client address per minute'),
  PASSWORD_RESET_LIMIT_PER_MINUTE: integer(
    1,
    1,
    100_000,
    'Requests of a password reset email (forgotten password) per client address per minute',
  ),
  TRUST_PROXY: trustedProxies(
    "The proxies in front of the service whose `X-Forwarded-For` names the client address: a number of hops, or a comma-separated list of addresses, subnets, `loopback`, `linklocal`, `uniquelocal` (`true` is refused). Off: the address is the connection's",
  ),
  UNLEASH_URL: text(
    "Where people reach the service (`https://flags.example.com`, with `BASE_URI_PATH` in it), for the links of invitations and password resets (unset, the links are paths) and the OIDC callback `<UNLEASH_URL>/auth/oidc/callback` (unset, built from the request's host)",
    { fallback: undefined, trim: true, check: httpUrl },
  ),
  EMAIL_HOST: text('An SMTP server that sends welcome and reset links; unset, the admin who makes a link gets it to hand over', {
    fallback: undefined,
    trim: true,
  }),
  EMAIL_PORT: integer(587, 1, 65535, 'Its port'),
  EMAIL_SECURE: flag(false, '`true` for TLS from the start (port 465); otherwise STARTTLS when offered'),
  EMAIL_USER: text('Its user name, if it asks for credentials', { fallback: undefined }),
  EMAIL_PASSWORD: text('Its password, if it asks for credentials', { fallback: undefined }),
  EMAIL_SENDER: text('The From address', { fallback: 'noreply@flagwright.local', trim: true }),
  LOGIN_LOCKOUT_THRESHOLD: integer(10, 1, 1000, 'Consecutive failed logins that lock a login name'),
  LOGIN_LOCKOUT_MINUTES: integer(15, 1, 60 * 24 * 30, 'How long the lock lasts, in minutes; it grows on repeat'),
  INIT_ADMIN_API_TOKENS: list('Comma-separated admin tokens (`*:*.<secret>`) created at start when absent'),
  INIT_CLIENT_API_TOKENS: list('Comma-separated client tokens (`<project>:<environment>.<secret>`)'),
  INIT_BACKEND_API_TOKENS: list("Unleash's older name for `INIT_CLIENT_API_TOKENS`; the tokens of both are created"),
  INIT_FRONTEND_API_TOKENS: list('Comma-separated frontend tokens'),
  COMPILE_CACHE_FILE: text(
    "A file where `npm start` keeps the code V8 compiled at start, for the next start (about 190 ms less on an idle machine); unset or `off`, there is none. It holds code the service runs: keep it where only the service's user can write (see src/standalone/performance/README.md)",
    { fallback: 'off' },
  ),
  LOW_PRIORITY_HASHING: flag(
    true,
    "Password hashing threads at nice 10 and, where `chrt` is installed, SCHED_IDLE, below the requests (`false`: at the process's priority; see src/core/performance/README.md)",
  ),
  PIPELINED_TRANSACTIONS: flag(true, "PostgreSQL transactions in node-postgres's pipeline mode (`false`: each statement awaited in turn)"),
  UNLEASH_CONSTRAINTS_LIMIT: integer(30, 1, 10_000, 'Constraints per strategy'),
  UNLEASH_CONSTRAINT_VALUES_LIMIT: integer(250, 1, 100_000, 'Values per constraint'),
  UNLEASH_STRATEGY_SEGMENTS_LIMIT: integer(5, 1, 1000, 'Segments per strategy'),
  UNLEASH_FEATURE_ENVIRONMENT_STRATEGIES_LIMIT: integer(30, 1, 10_000, 'Strategies per feature in one environment'),
  UNLEASH_PERSONAL_ACCESS_TOKENS_LIMIT: integer(10, 1, 1000, 'Personal access tokens per user or service account'),
  UNLEASH_DEFAULT_ADMIN_USERNAME: text('The first admin, created only while no user exists; set with its password', {
    fallback: undefined,
    shownDefault: code('admin'),
  }),
  UNLEASH_DEFAULT_ADMIN_PASSWORD: text("The first admin's password; set with its user name", {
    fallback: undefined,
    shownDefault: code(DEFAULT_ADMIN_PASSWORD),
  }),
  OIDC_DISCOVER_URL: text(
    "The OpenID Connect provider's issuer (or its `/.well-known/openid-configuration` URL). Set, single sign-on is configured by the `OIDC_*` variables and the admin API only shows them (secret masked); unset, it is configured through `/api/admin/auth/oidc/settings`. See `docs/sso/`",
    { fallback: undefined, trim: true, check: httpUrl },
  ),
  OIDC_CLIENT_ID: text('The client registered at the provider; required with `OIDC_DISCOVER_URL`', {
    fallback: undefined,
    trim: true,
    shownDefault: NONE,
  }),
  OIDC_CLIENT_SECRET: text("That client's secret; required with `OIDC_DISCOVER_URL`. It is never stored nor answered", {
    fallback: undefined,
    shownDefault: NONE,
  }),
  OIDC_ENABLED: flag(true, 'With `OIDC_DISCOVER_URL`: `false` keeps single sign-on off'),
  OIDC_AUTO_CREATE: flag(
    undefined,
    'Create people at their first sign-in (else only existing people, matched by email, may sign in)',
    code(false),
  ),
  OIDC_DEFAULT_ROOT_ROLE: oneOf(ROOT_ROLES, '`Viewer`, `Editor` or `Admin`: the root role of people created at their first sign-in', {
    fallback: undefined,
    shownDefault: code('Editor'),
  }),
  OIDC_EMAIL_DOMAINS: text('Comma-separated email domains whose people may be created at their first sign-in', {
    fallback: undefined,
    shownDefault: '(any)',
  }),
  OIDC_ENABLE_GROUP_SYNCING: flag(
    undefined,
    'Sync group membership at each sign-in from the ID token claim at `OIDC_GROUP_JSON_PATH` to the groups whose `mappingsSSO` name them',
    code(false),
  ),
  OIDC_GROUP_JSON_PATH: text('The dotted path of that claim (`groups`, `realm_access.roles`)', { fallback: undefined, shownDefault: NONE }),
  OIDC_ADD_GROUPS_SCOPE: flag(undefined, 'Ask the provider for the `groups` scope too', code(false)),
  OIDC_ENABLE_SINGLE_SIGN_OUT: flag(
    undefined,
    "`GET /auth/oidc/logout` also ends the provider's session (RP-initiated logout)",
    code(false),
  ),
  OIDC_ID_TOKEN_SIGNING_ALGORITHM: oneOf(SIGNING_ALGORITHMS, '`RS256`, `RS384` or `RS512`', {
    fallback: undefined,
    shownDefault: code('RS256'),
  }),
  OIDC_ACR_VALUES: text('`acr_values` sent to the provider (e.g. to require MFA)', { fallback: undefined, shownDefault: NONE }),
  AUTH_SECRET_KEY: text(
    'Encrypts the OIDC client secret saved through the admin API (AES-256-GCM). Changing it (or a random `SESSION_SECRET`) makes the saved secret unreadable: enter it again',
    { fallback: undefined, shownDefault: code('SESSION_SECRET'), minLength: 16 },
  ),
  AUTH_BREAK_GLASS_USERNAME: text(
    'While password login is turned off (`/api/admin/auth/simple/settings`), the one login name that may still use a password, if it is an Admin',
    { fallback: undefined, trim: true, shownDefault: code('UNLEASH_DEFAULT_ADMIN_USERNAME') },
  ),
  METRICS_FLUSH_INTERVAL_SECONDS: integer(
    5,
    1,
    3600,
    'Seconds between writes of the SDK metrics held in memory; a graceful stop writes them too',
  ),
  METRICS_RETENTION_HOURS: integer(48, 1, 24 * 366, 'Hourly metrics buckets older than this are deleted, at start and every hour'),
  PLAYGROUND_EVALUATION_LIMIT: integer(
    15_000,
    1,
    100_000_000,
    'The most evaluations (environments × flags × context combinations) one advanced playground request may ask for; over it, a 400',
  ),
  POTENTIALLY_STALE_CHECK_INTERVAL_SECONDS: integer(
    60,
    1,
    86_400,
    "Seconds between the checks that mark flags potentially stale once older than their type's lifetime",
  ),
  USER_INACTIVITY_THRESHOLD_IN_DAYS: integer(
    180,
    1,
    36_500,
    'Days without a login or a personal access token used after which a person counts as inactive (`/api/admin/user-admin/inactive`)',
  ),
  UNLEASH_FRONTEND_API_ORIGINS: list(
    'Comma-separated origins browsers may call `/api/frontend` from (CORS), `*` for any; used until an admin sets them with `POST /api/admin/ui-config/cors`. The admin API stays same-origin',
    {
      fallback: ['*'],
      shownDefault: code('*'),
      check: (origins) => {
        const bad = origins.find((origin) => !isFrontendApiOrigin(origin));
        return bad === undefined ? undefined : `must list "*" or origins such as https://app.example.com, but lists "${bad}".`;
      },
    },
  ),
  SDK_KEPT_SCOPES: integer(
    64,
    1,
    100_000,
    'SDK scopes (environment, projects, name prefix) whose answers are kept in memory; least recently used go',
  ),
} satisfies Record<string, Setting<unknown>>;

export type SettingName = keyof typeof SETTINGS;
export type SettingValue<N extends SettingName> = (typeof SETTINGS)[N] extends Setting<infer T> ? T : never;

/**
 * Reads declared variables from an environment: an unset or empty one gives its fallback; a bad one gives its
 * fallback too and adds a problem naming it to `problems` (the caller stops start-up on any).
 */
export function settingReader(env: NodeJS.ProcessEnv, problems: string[]): <N extends SettingName>(name: N) => SettingValue<N> {
  return <N extends SettingName>(name: N): SettingValue<N> => {
    const setting = SETTINGS[name] as Setting<SettingValue<N>>;
    const raw = env[name];
    if (raw === undefined || raw === '') return setting.fallback;
    const value = setting.parse(raw);
    if (!(value instanceof Problem)) return value;
    problems.push(`${name} ${value.text}`);
    return setting.fallback;
  };
}

/** The README's configuration table, as `npm run docs:config` writes it between the markers. */
export function settingsTable(): string {
  const escape = (cell: string): string => cell.replaceAll('|', '\\|');
  const rows = Object.entries(SETTINGS).map(
    ([name, setting]: [string, Setting<unknown>]) => `| \`${name}\` | ${escape(setting.shownDefault)} | ${escape(setting.meaning)} |`,
  );
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}
