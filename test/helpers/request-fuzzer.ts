import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { MAX_BODY_DEPTH } from '../../src/core/http/json-body.guard.js';
import { DatabaseChanges } from './database-changes.js';
import { databaseSchema } from './database-schema.js';
import type { DocumentedRoute, OpenApiDocument } from './openapi-checker.js';
import { OpenApiChecker } from './openapi-checker.js';
import { ADMIN_TOKEN, adminUserToken, CLIENT_TOKEN, FRONTEND_TOKEN, sessionCookieFor, type TestApp } from './test-app.js';

/**
 * A fuzzed request, kept small so that fast-check prints it readably: bodies are described (`deep 20000`,
 * `bytes ff fe`) and built only when sent.
 */
interface FuzzRequest {
  route: string;
  method: string;
  path: string;
  caller: string;
  headers: [string, string][];
  contentType?: string;
  body?: BodySpec;
}

type BodySpec =
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; hex: string }
  | { kind: 'deep'; depth: number }
  | { kind: 'huge'; bytes: number };

interface FuzzAnswer {
  status: number;
  ms: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * Who sends the request, by name: the headers that authenticate it (added when it is sent). Mostly the first, an
 * admin (so requests get past authentication to validation), sometimes nobody.
 */
export interface Callers {
  [name: string]: [string, string][];
}

/**
 * Values of path parameters that name what the fixture created, so that requests reach validation: by parameter
 * name (`projectId`, `featureName`, ...), and for any other name all of them.
 */
export interface FuzzFixture {
  known: Record<string, string[]>;
}

/** Path parameter values that try the router, decoding and lookups. */
const PATH_TRICKS = [
  '',
  '.',
  '..',
  '%2e%2e',
  '%2E%2E%2F%2E%2E',
  '%00',
  'a%00b',
  '%FF',
  '%C0%AE',
  '%',
  '%zz',
  '%F0%9F%98%80',
  '\u00fc\u00ff',
  'x'.repeat(10_000),
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999999',
  '0x10',
  'null',
  '__proto__',
  'constructor',
  '*',
  '#',
  ';x=1',
  "'",
  '"><script>',
  'a:b',
  '%2F',
];

/** Values of query parameters and JSON properties of the wrong (or right) kind. */
const QUERY_VALUES = [
  '',
  'true',
  'false',
  '-1',
  '0',
  '1',
  '1e309',
  'NaN',
  '99999999999999999999',
  'IS:true',
  'IS_ANY_OF:a,b',
  'IS:',
  ':::',
  'name:asc',
  'environment:',
  '2024-13-45',
  '%FF',
  '%',
  '%00',
  '\u00ff\u00fe',
  'x'.repeat(3000),
  '[]',
  '{}',
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=bogus',
  'application/json-patch+json',
  'application/merge-patch+json',
  'application/vnd.api+json',
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  '*/*',
  'application/',
  ';;;',
  '',
];

/** Bodies that trip parsers: prototype keys, duplicate keys, numbers beyond doubles, lone surrogates, BOM. */
const TRICKY_JSON_TEXTS = [
  '{"__proto__":{"admin":true},"name":"x"}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"name":"a","name":{"nested":true}}',
  '{"name":1e999}',
  '{"name":"\\ud800"}',
  '\ufeff{"name":"x"}',
  '{"a":',
  '[',
  'null',
  '[]',
  '"x"',
  '0',
  '{"name":"x"}{"name":"y"}',
  '{"name":"x",}',
];

const jsonScalar = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(...QUERY_VALUES),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const jsonValue = fc.oneof(
  { maxDepth: 3 },
  jsonScalar,
  fc.array(jsonScalar, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), jsonScalar, { maxKeys: 4 }),
);

interface SchemaLike {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  example?: unknown;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, SchemaLike>;
  additionalProperties?: SchemaLike | boolean;
  items?: SchemaLike;
  allOf?: SchemaLike[];
  oneOf?: SchemaLike[];
  anyOf?: SchemaLike[];
}

/** How deep generated bodies follow the schema; below that, any JSON. */
const SCHEMA_DEPTH = 4;

/**
 * Values for a schema of the request body: mostly of the declared type (its enum, its example, names the fixture
 * knows, numbers around its bounds), so that many requests get past validation to the services, and one in five
 * of any other type.
 */
function schemaValue(document: OpenApiDocument, declared: SchemaLike, known: string[], depth: number): fc.Arbitrary<unknown> {
  const schema = resolved(document, declared);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => schemaValue(document, alternative, known, depth)));
  const strings = fc.oneof(
    fc.constantFrom(...known, ...(typeof schema.example === 'string' ? [schema.example] : [])),
    fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/),
    fc.string({ maxLength: 30 }),
  );
  const below = depth - 1;
  let typed: fc.Arbitrary<unknown> = jsonValue;
  if (schema.enum) typed = fc.constantFrom(...schema.enum);
  else if (schema.type === 'string') typed = strings;
  else if (schema.type === 'integer' || schema.type === 'number')
    typed = fc.integer({ min: (schema.minimum ?? 0) - 2, max: (schema.maximum ?? 1000) + 2 });
  else if (schema.type === 'boolean') typed = fc.boolean();
  else if (schema.type === 'array' && schema.items && below > 0)
    typed = fc.array(schemaValue(document, schema.items, known, below), { maxLength: 3 });
  else if (schema.properties && below > 0) {
    const properties = Object.entries(schema.properties).map(([name, property]) => [name, schemaValue(document, property, known, below)]);
    typed = fc.record(Object.fromEntries(properties) as Record<string, fc.Arbitrary<unknown>>, { requiredKeys: [] });
  } else if (typeof schema.additionalProperties === 'object' && below > 0)
    typed = fc.dictionary(strings, schemaValue(document, schema.additionalProperties, known, below), { maxKeys: 3 });
  return fc.oneof({ arbitrary: typed, weight: 4 }, { arbitrary: jsonValue, weight: 1 });
}

/** The schema itself: a reference followed, an `allOf` merged. */
function resolved(document: OpenApiDocument, schema: SchemaLike): SchemaLike {
  if (schema.$ref) return resolved(document, document.components.schemas[schema.$ref.split('/').pop()!] as SchemaLike);
  if (!schema.allOf) return schema;
  return Object.assign({}, ...schema.allOf.map((part) => resolved(document, part)), { ...schema, allOf: undefined });
}

/** The schema of a route's JSON request body, if it declares one. */
function bodySchema(route: DocumentedRoute): SchemaLike | undefined {
  const content = (route.operation.requestBody as { content?: Record<string, { schema?: SchemaLike }> } | undefined)?.content;
  return content?.['application/json']?.schema;
}

function queryParameters(route: DocumentedRoute): string[] {
  const parameters = (route.operation as { parameters?: { in: string; name: string }[] }).parameters ?? [];
  return parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
}

/** A body: mostly one the route's schema describes (`shaped`), else any JSON, too deep, too large, or not JSON. */
function bodyFor(shaped: fc.Arbitrary<unknown>): fc.Arbitrary<BodySpec | undefined> {
  return fc.oneof(
    { arbitrary: shaped.map((value): BodySpec => ({ kind: 'json', value })), weight: 10 },
    { arbitrary: jsonValue.map((value): BodySpec => ({ kind: 'json', value })), weight: 1 },
    {
      arbitrary: fc
        .constantFrom(MAX_BODY_DEPTH - 2, MAX_BODY_DEPTH, MAX_BODY_DEPTH + 1, 500, 20_000)
        .map((depth): BodySpec => ({ kind: 'deep', depth })),
      weight: 1,
    },
    { arbitrary: fc.constantFrom(900_000, 1_048_577, 3_000_000).map((bytes): BodySpec => ({ kind: 'huge', bytes })), weight: 1 },
    { arbitrary: fc.constantFrom(...TRICKY_JSON_TEXTS).map((text): BodySpec => ({ kind: 'text', text })), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((text): BodySpec => ({ kind: 'text', text })), weight: 1 },
    {
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 40 })
        .map((bytes): BodySpec => ({ kind: 'bytes', hex: Buffer.from(bytes).toString('hex') })),
      weight: 1,
    },
    {
      arbitrary: fc.constant({ kind: 'bytes', hex: Buffer.from('{"name":"\xff\xfe\xc0\xae"}', 'latin1').toString('hex') } as BodySpec),
      weight: 1,
    },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

/** Mangles the path as a client, proxy or attacker might: doubled and dot segments, encodings, over-long names. */
const pathTrick = fc.constantFrom<(path: string) => string>(
  (path) => path.replace('/', '//'),
  (path) => path.replace(/\/([^/]*)$/, '//$1'),
  (path) => `${path}/`,
  (path) => path.replace(/\/[^/]+$/, '/%2e%2e$&'),
  (path) => path.replace('/api/', '/api/./'),
  (path) => path.replace('/api/', '/api/x/../'),
  (path) => `${path}%00`,
  (path) => `${path};x=1`,
  (path) => path.replace(/[a-z]/g, (letter) => letter.toUpperCase()),
  (path) => `/${path.slice(1).replace(/\//g, '%2F')}`,
  (path) => `${path}/${'y'.repeat(20_000)}`,
);

const extraHeaders = fc.subarray<[string, string]>(
  [
    ['x-request-id', 'r'.repeat(500)],
    ['accept', 'text/html;q=0.1, */*;q=abc'],
    ['accept-encoding', 'gzip, br, zstd, *;q=0'],
    ['if-none-match', '"garbage", W/"'],
    ['unleash-client-spec', '99.x'],
    ['cookie', 'unleash-session=s%3Agarbage.signature; unleash-session=%FF'],
    ['x-forwarded-for', '300.1.1.1, ::ffff:zz'],
    ['content-encoding', 'gzip'],
    ['content-encoding', 'identity, snappy'],
    ['authorization', 'Bearer \u00ff\u00fe'],
    ['x-huge', 'h'.repeat(8_000)],
    ['x-too-huge', 'h'.repeat(20_000)],
    ['range', 'bytes=0-1,-1'],
    ['x-http-method-override', 'DELETE'],
  ],
  { maxLength: 3 },
);

function queryFor(names: string[]): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.oneof(
      { arbitrary: fc.constantFrom(...(names.length > 0 ? names : ['q'])), weight: 4 },
      { arbitrary: fc.constantFrom('__proto__[x]', 'constructor[prototype][x]', 'a[]', 'a[b][c]', '%FF', ''), weight: 1 },
    ),
    fc.constantFrom(...QUERY_VALUES),
    fc.boolean(),
  );
  return fc.oneof(
    { arbitrary: fc.constant(''), weight: 15 },
    {
      arbitrary: fc.array(pair, { minLength: 1, maxLength: 6 }).map((pairs) =>
        // Each pair once or twice (duplicate parameters), half with array brackets.
        pairs.flatMap(([name, value, twice]) => (twice ? [`${name}=${value}`, `${name}[]=${value}`] : [`${name}=${value}`])).join('&'),
      ),
      weight: 30,
    },
    { arbitrary: fc.constantFrom(`q=${'z'.repeat(10_000)}`, `q=${'z'.repeat(70_000)}`, 'a=1&'.repeat(2_000)), weight: 1 },
  );
}

/** Every route of the running app's OpenAPI document, as fuzzed requests. */
function fuzzedRequests(document: OpenApiDocument, callers: Callers, fixture: FuzzFixture): fc.Arbitrary<FuzzRequest> {
  const routes = new OpenApiChecker(document).routes;
  const everything = [...new Set(Object.values(fixture.known).flat())];
  const paramValue = (name: string) =>
    fc.oneof(
      { arbitrary: fc.constantFrom(...(fixture.known[name] ?? everything)), weight: 6 },
      { arbitrary: fc.constantFrom(...everything), weight: 1 },
      { arbitrary: fc.constantFrom(...PATH_TRICKS), weight: 2 },
    );
  const callerNames = Object.keys(callers);
  // Built once per route: a body arbitrary follows the route's whole schema.
  const bodies = new Map(
    routes.map((route) => {
      const schema = bodySchema(route);
      return [route, schema ? schemaValue(document, schema, everything, SCHEMA_DEPTH) : jsonValue] as const;
    }),
  );
  return fc.constantFrom(...routes).chain((route) =>
    fc
      .record({
        params: fc.tuple(...[...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => paramValue(match[1]))),
        trick: fc.oneof({ arbitrary: fc.constant(undefined), weight: 5 }, { arbitrary: pathTrick, weight: 1 }),
        query: queryFor(queryParameters(route)),
        caller: fc.oneof({ arbitrary: fc.constant(callerNames[0]), weight: 6 }, { arbitrary: fc.constantFrom(...callerNames), weight: 4 }),
        contentType: fc.oneof(
          { arbitrary: fc.constant('application/json'), weight: 6 },
          { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 3 },
        ),
        body:
          route.operation.requestBody || route.method !== 'get'
            ? bodyFor(bodies.get(route)!)
            : fc.oneof({ arbitrary: fc.constant(undefined), weight: 9 }, { arbitrary: bodyFor(jsonValue), weight: 1 }),
        headers: fc.oneof({ arbitrary: fc.constant<[string, string][]>([]), weight: 3 }, { arbitrary: extraHeaders, weight: 1 }),
      })
      .map(({ params, trick, query, caller, contentType, body, headers }) => {
        let index = 0;
        const filled = route.path.replace(/\{[^}]+\}/g, () => params[index++]);
        const path = `${trick ? trick(filled) : filled}${query ? `?${query}` : ''}`;
        return printable({
          route: `${route.method.toUpperCase()} ${route.path}`,
          method: route.method.toUpperCase(),
          path,
          caller,
          headers,
          ...(body ? { body, contentType } : {}),
        });
      }),
  );
}

/** fast-check prints a failing request through this: long strings (a 20 KB header) cut to their start and length. */
function printable(fuzzed: FuzzRequest): FuzzRequest {
  const cut = (_: string, value: unknown) =>
    typeof value === 'string' && value.length > 120 ? `${value.slice(0, 60)}…(${value.length} chars)` : value;
  return Object.assign(fuzzed, { [fc.toStringMethod]: () => JSON.stringify(fuzzed, cut) });
}

function bodyBytes(body: BodySpec): Buffer {
  switch (body.kind) {
    case 'json':
      return Buffer.from(JSON.stringify(body.value) ?? 'null');
    case 'text':
      return Buffer.from(body.text);
    case 'bytes':
      return Buffer.from(body.hex, 'hex');
    case 'deep':
      return Buffer.from(`{"name":"deep","parameters":${'{"a":['.repeat(body.depth)}1${']}'.repeat(body.depth)}}`);
    case 'huge':
      return Buffer.from(JSON.stringify({ name: 'huge', description: 'd'.repeat(body.bytes) }));
  }
}

/** Streaming answers (server-sent events) are closed as soon as their head arrives. */
const STREAMED = /^text\/event-stream/;

/** Sends the request as written: raw path, duplicate headers, bytes that are not UTF-8. */
async function send(port: number, agent: Agent, fuzzed: FuzzRequest, credentials: [string, string][] = []): Promise<FuzzAnswer> {
  try {
    return await sendOnce(port, agent, fuzzed, credentials);
  } catch (error) {
    // A kept-alive connection the server closed after its last answer: the request never reached it.
    if (error instanceof StaleConnection) return sendOnce(port, agent, fuzzed, credentials);
    throw error;
  }
}

class StaleConnection extends Error {}

function sendOnce(port: number, agent: Agent, fuzzed: FuzzRequest, credentials: [string, string][]): Promise<FuzzAnswer> {
  // Given as a list (to repeat names), headers get no Host from Node: HTTP/1.1 requires one.
  const headers = ['host', `127.0.0.1:${port}`, ...credentials.flat(), ...fuzzed.headers.flat()];
  const body = fuzzed.body ? bodyBytes(fuzzed.body) : undefined;
  if (body && fuzzed.contentType !== undefined) headers.push('content-type', fuzzed.contentType);
  // Node adds no Content-Length to a GET or DELETE given its headers as a list: the body would be read as the next request.
  if (body) headers.push('content-length', String(body.length));
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest({ host: '127.0.0.1', port, agent, method: fuzzed.method, path: fuzzed.path, headers }, (res) => {
      const answer = (text: string) =>
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, headers: res.headers, text });
      if (STREAMED.test(String(res.headers['content-type']))) {
        res.destroy();
        return answer('');
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => answer(Buffer.concat(chunks).toString('utf8')));
      res.on('error', reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && error.code === 'ECONNRESET') return reject(new StaleConnection(error.message));
      // The server answers a request it refuses at the protocol level (431) and closes the connection while the
      // client may still be writing the body: the client sees the reset, not the answer (status 0, a refusal).
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE')
        resolve({ status: 0, ms: performance.now() - started, headers: {}, text: '' });
      else reject(error);
    });
    req.end(body);
  });
}

/** What is wrong with an answer: a 5xx, a slow answer, an error answer without the error body. */
function answerProblems(answer: FuzzAnswer, slowMs: number): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  if (answer.ms > slowMs) problems.push(`took ${Math.round(answer.ms)} ms`);
  if (answer.status >= 400) {
    let body: Record<string, unknown> | undefined;
    try {
      body = JSON.parse(answer.text) as Record<string, unknown>;
    } catch {
      body = undefined;
    }
    if (!body || typeof body.id !== 'string' || typeof body.name !== 'string' || typeof body.message !== 'string') {
      problems.push(`answered ${answer.status} without the error body: ${JSON.stringify(answer.text.slice(0, 300))}`);
    }
  }
  return problems;
}

/**
 * Columns a refused request may write: a credential's last use (`seen_at` of tokens, a session's `last_seen_at`, at
 * most once a minute) is recorded when it authenticates, before the request is refused for what it asks; a failed
 * login counts towards its user's lockout (`login_attempts`).
 */
const BOOKKEEPING_COLUMNS = ['seen_at', 'last_seen_at', 'login_attempts'];

/** Tables a 401 may change: a failed login counts towards the lockout of the name it tried. */
const LOCKOUT_TABLES = ['flagwright_login_failures'];

/** What the login route's 401 may also change: every failed login is recorded (`user-login-failed`). */
const LOGIN_ROUTE = 'POST /auth/simple/login';
const FAILED_LOGIN_TABLES = ['flagwright_events'];

export interface FuzzRun {
  requests: number;
  statuses: Record<number, number>;
}

/**
 * Runs `numRuns` fuzzed requests one after another against the listening app and asserts, for each: no 5xx, no
 * answer slower than `slowMs`, the error body on every error answer, and no change to the database by a refused
 * (4xx) request. The tables changed are looked at after every answer (a 2xx or 3xx may change them; a 4xx may not).
 * fast-check reports the seed and the failing request; the whole sequence replays with FUZZ_SEED set to that seed.
 */
export async function fuzz(
  t: TestApp,
  callers: Callers,
  fixture: FuzzFixture,
  { numRuns, seed, slowMs = 1000 }: { numRuns: number; seed: number; slowMs?: number },
): Promise<FuzzRun> {
  const server = t.app.getHttpServer();
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const document = JSON.parse(
    (await send(port, agent, { route: '', method: 'GET', path: '/docs/openapi.json', caller: '', headers: [] })).text,
  );
  const changes = await DatabaseChanges.watch(t.db, await databaseSchema(t.db), BOOKKEEPING_COLUMNS);
  const run: FuzzRun = { requests: 0, statuses: {} };
  const admin = Object.keys(callers)[0];
  try {
    await fc.assert(
      fc.asyncProperty(fuzzedRequests(document, callers, fixture), async (fuzzed) => {
        const answer = await send(port, agent, fuzzed, callers[fuzzed.caller]);
        run.requests++;
        run.statuses[answer.status] = (run.statuses[answer.status] ?? 0) + 1;
        const problems = answerProblems(answer, slowMs);
        const changedTables = await changes.look();
        if (answer.status === 0 || (answer.status >= 400 && answer.status < 500)) {
          const changed = changedTables.filter(
            (table) =>
              answer.status !== 401 ||
              !(LOCKOUT_TABLES.includes(table) || (fuzzed.route === LOGIN_ROUTE && FAILED_LOGIN_TABLES.includes(table))),
          );
          if (changed.length > 0)
            problems.push(`answered ${answer.status} but changed ${changed.join(', ')}: ${answer.text.slice(0, 200)}`);
        }
        if (answer.status === 401 && fuzzed.caller === admin && (await restoreAdmin(t, callers))) await changes.look();
        if (problems.length > 0) throw new Error(`${problems.join('; ')} (FUZZ_SEED=${seed} replays the run)`);
      }),
      { numRuns, seed, endOnFailure: true },
    );
  } finally {
    agent.destroy();
  }
  return run;
}

/**
 * A valid request may delete the admin's own token (it is the admin's to delete): a new one keeps the rest of the
 * run reaching validation. False when none could be made (the admin is gone, or has all the tokens allowed).
 */
async function restoreAdmin(t: TestApp, callers: Callers): Promise<boolean> {
  try {
    callers[Object.keys(callers)[0]] = [['authorization', await adminUserToken(t)]];
    return true;
  } catch {
    return false;
  }
}

/** The seed of this run: FUZZ_SEED to replay one, else `fallback`. */
export function fuzzSeed(fallback: number): number {
  return process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : fallback;
}

/** How many decoy personal access tokens come before the fuzzing admin's own, so ids the fuzzer names are not its. */
const DECOY_TOKENS = 3;

/**
 * The app prepared for fuzzing: a flag with a strategy, a segment, a group and a service account (their names and
 * ids become path parameters), and the callers: the admin by personal access token first (most requests), by API
 * token and by session, then callers without the right or any credentials.
 */
export async function prepareFuzzing(t: TestApp): Promise<{ callers: Callers; fixture: FuzzFixture }> {
  const cookie = await sessionCookieFor(t, 1);
  for (let i = 0; i < DECOY_TOKENS; i++) await adminUserToken(t);
  const pat = await adminUserToken(t);
  const admin = (method: 'post', url: string, body: object) => t.http()[method](url).set('Authorization', ADMIN_TOKEN).send(body);
  const flags = '/api/admin/projects/default/features';
  await admin('post', flags, { name: 'fuzz-flag' }).expect(201);
  const strategy = await admin('post', `${flags}/fuzz-flag/environments/development/strategies`, { name: 'default' }).expect(200);
  const segment = await admin('post', '/api/admin/segments', { name: 'fuzz-segment', constraints: [] }).expect(201);
  const group = await admin('post', '/api/admin/groups', { name: 'fuzz-group' }).expect(201);
  const account = await admin('post', '/api/admin/service-account', { username: 'fuzz-robot', name: 'Fuzz', rootRole: 3 }).expect(201);
  return {
    callers: {
      'admin by personal access token': [['authorization', pat]],
      'admin by API token': [['authorization', ADMIN_TOKEN]],
      'admin by session': [['cookie', cookie]],
      nobody: [],
      'a malformed token': [['authorization', 'Bearer not-a-token']],
      'a client token': [['authorization', CLIENT_TOKEN]],
      'a frontend token': [['authorization', FRONTEND_TOKEN]],
    },
    fixture: {
      known: {
        projectId: ['default'],
        environment: ['development', 'production'],
        featureName: ['fuzz-flag'],
        parent: ['fuzz-flag'],
        strategyId: [strategy.body.id],
        name: ['flexibleRollout', 'default', 'simple', 'development'],
        type: ['simple'],
        value: ['fuzz'],
        id: [String(segment.body.id), String(group.body.id), String(account.body.id), '1', '2', '3'],
        userId: ['1'],
        groupId: [String(group.body.id)],
        roleId: ['1', '4'],
        tokenId: ['1', '2', '3'],
      },
    },
  };
}
