import { readEnvironment } from './environment.js';

describe('readEnvironment', () => {
  it('fills every default from an empty environment', () => {
    const env = readEnvironment({});
    expect(env).toMatchObject({
      port: 4242,
      host: '0.0.0.0',
      baseUriPath: '',
      databaseUrl: undefined,
      databaseFile: './data/flagwright.sqlite',
      logLevel: 'info',
      migrationsRun: true,
      sessionTtlHours: 48,
      sessionCookieName: 'unleash-session',
      maxParallelSessions: 5,
      loginRateLimitPerMinute: 10,
      passwordResetLimitPerMinute: 1,
      loginLockoutThreshold: 10,
      loginLockoutMinutes: 15,
      initAdminApiTokens: [],
      sessionSecretGenerated: true,
      limits: {
        constraintsPerStrategy: 30,
        valuesPerConstraint: 250,
        segmentsPerStrategy: 5,
        strategiesPerFeatureEnvironment: 30,
        personalAccessTokensPerUser: 10,
      },
    });
    expect(env.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads lists, numbers and booleans', () => {
    const env = readEnvironment({
      PORT: '8080',
      INIT_ADMIN_API_TOKENS: '*:*.a, *:*.b',
      INIT_BACKEND_API_TOKENS: 'default:development.c',
      MIGRATIONS_RUN: 'false',
      DATABASE_URL: 'postgres://u@h/db',
      SESSION_SECRET: 'a-long-enough-secret',
      UNLEASH_CONSTRAINTS_LIMIT: '3',
      UNLEASH_STRATEGY_SEGMENTS_LIMIT: '2',
    });
    expect(env.limits).toMatchObject({ constraintsPerStrategy: 3, segmentsPerStrategy: 2 });
    expect(env).toMatchObject({
      port: 8080,
      initAdminApiTokens: ['*:*.a', '*:*.b'],
      initClientApiTokens: ['default:development.c'],
      migrationsRun: false,
      databaseUrl: 'postgres://u@h/db',
      sessionSecretGenerated: false,
    });
  });

  it('reports every bad value at once', () => {
    expect(() =>
      readEnvironment({
        PORT: 'eighty',
        SESSION_TTL_HOURS: '0',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        MIGRATIONS_RUN: 'maybe',
        NODE_ENV: 'production',
      }),
    ).toThrow(
      [
        'Invalid configuration:',
        '- SESSION_SECRET is required when NODE_ENV=production.',
        '- PORT must be a whole number from 0 to 65535, but is "eighty".',
        '- DATABASE_URL must be a postgres:// or postgresql:// URL; leave it unset to use the SQLite file.',
        '- LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, but is "loud".',
        '- MIGRATIONS_RUN must be true or false, but is "maybe".',
        '- SESSION_TTL_HOURS must be a whole number from 1 to 8760, but is "0".',
      ].join('\n'),
    );
  });

  it('wants the default admin username and password together', () => {
    expect(() => readEnvironment({ UNLEASH_DEFAULT_ADMIN_USERNAME: 'root' })).toThrow(/must be set together/);
  });

  it('reads the OIDC settings when OIDC_DISCOVER_URL is set, and reports every bad one', () => {
    expect(readEnvironment({}).oidc).toBeUndefined();
    expect(
      readEnvironment({
        OIDC_DISCOVER_URL: 'https://idp.example.com/realms/acme',
        OIDC_CLIENT_ID: 'flagwright',
        OIDC_CLIENT_SECRET: 's3cret',
        OIDC_AUTO_CREATE: 'true',
        OIDC_DEFAULT_ROOT_ROLE: 'Viewer',
        OIDC_GROUP_JSON_PATH: 'realm_access.roles',
        OIDC_ENABLE_GROUP_SYNCING: '1',
        UNLEASH_URL: 'https://flags.example.com',
      }),
    ).toMatchObject({
      oidc: {
        enabled: true,
        discoverUrl: 'https://idp.example.com/realms/acme',
        clientId: 'flagwright',
        secret: 's3cret',
        autoCreate: true,
        defaultRootRole: 'Viewer',
        groupJsonPath: 'realm_access.roles',
        enableGroupSyncing: true,
      },
      publicUrl: 'https://flags.example.com',
    });
    expect(() =>
      readEnvironment({ OIDC_DISCOVER_URL: 'idp.example.com', OIDC_DEFAULT_ROOT_ROLE: 'Owner', AUTH_SECRET_KEY: 'short' }),
    ).toThrow(
      'Invalid configuration:\n' +
        '- OIDC_DISCOVER_URL must be an http:// or https:// URL, but is "idp.example.com".\n' +
        '- OIDC_DEFAULT_ROOT_ROLE must be one of Viewer, Editor, Admin, but is "Owner".\n' +
        '- AUTH_SECRET_KEY must be at least 16 characters long.',
    );
    expect(() => readEnvironment({ OIDC_DISCOVER_URL: 'https://idp.example.com' })).toThrow(
      'Invalid configuration:\n' +
        '- OIDC_CLIENT_ID is required when OIDC_DISCOVER_URL is set.\n' +
        '- OIDC_CLIENT_SECRET is required when OIDC_DISCOVER_URL is set.',
    );
  });

  it('trusts no proxy by default, and only the proxies TRUST_PROXY names; never every sender', () => {
    expect(readEnvironment({}).trustProxy).toBe(false);
    expect(readEnvironment({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(readEnvironment({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readEnvironment({ TRUST_PROXY: 'loopback, 10.0.0.0/8 ,fd00::1' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', 'fd00::1']);
    expect(() => readEnvironment({ TRUST_PROXY: 'true' })).toThrow(
      'TRUST_PROXY must name the proxies in front of the service (their addresses or subnets, or how many there are), but is "true", which would let any client choose its own address.',
    );
    expect(() => readEnvironment({ TRUST_PROXY: 'loopback,proxy.internal' })).toThrow(
      'TRUST_PROXY must be false, a number of proxies, or a comma-separated list of addresses, subnets, loopback, linklocal or uniquelocal, but names "proxy.internal".',
    );
  });

  it('checks every variable, also one whose companion is unset, and takes log levels in any case', () => {
    expect(() => readEnvironment({ EMAIL_PORT: 'smtp', OIDC_ENABLED: 'yes' })).toThrow(
      'Invalid configuration:\n- EMAIL_PORT must be a whole number from 1 to 65535, but is "smtp".\n- OIDC_ENABLED must be true or false, but is "yes".',
    );
    expect(readEnvironment({ LOG_LEVEL: 'DEBUG' }).logLevel).toBe('debug');
  });
});
