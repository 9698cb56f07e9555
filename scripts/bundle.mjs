// Bundles the compiled service (dist/src/main.js, from tsc, with its decorator metadata) into one file, so the
// service starts without resolving and loading a thousand module files: about a third off its cold start. That file
// is a CommonJS script, run by a small launcher (dist/flagwright.mjs, from src/standalone/launch.ts) through V8's code
// cache.
// Native modules, optional peers of Nest and TypeORM, and packages that read their own files stay outside; so do
// TypeORM and the validators: bundled, all their code would be evaluated at start (idle memory +30 MB), while
// loaded from node_modules only what is used is. Express (and its router) stays outside too: bundled, esbuild's
// keepNames helper renamed the router's per-request `next` closures, two property definitions per request (with the
// prototype objects they made) that Express does not need; loaded as published, it runs as it does everywhere.
import { readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

/** What `npm start` runs: src/standalone/launch.ts, which runs the service's bundle through V8's code cache. */
const LAUNCHER_OUTFILE = 'dist/flagwright.mjs';
const SERVICE_OUTFILE = 'dist/flagwright-service.cjs';
/** The function the service's bundle is wrapped in: CommonJS's parameters, and what the code sees as `import.meta`. */
const SERVICE_WRAPPER = ['(function (exports, require, module, __filename, __dirname, __flagwrightImportMeta) {', '})'];

const external = [
  'typeorm',
  'class-validator',
  'validator',
  'libphonenumber-js',
  'better-sqlite3',
  '@node-rs/argon2',
  'pg-native',
  'swagger-ui-dist',
  'pino-pretty',
  'thread-stream',
  'pino',
  'express',
  '@nestjs/microservices',
  '@nestjs/microservices/*',
  '@nestjs/websockets',
  '@nestjs/websockets/*',
  '@nestjs/platform-socket.io',
  '@fastify/static',
  'class-transformer/storage',
  'ts-node',
  'typeorm-aurora-data-api-driver',
  'mysql2',
  'oracledb',
  'mssql',
  'sql.js',
  'sqlite3',
  'redis',
  'ioredis',
  'mongodb',
  '@sap/hana-client',
  '@google-cloud/spanner',
  'pg-query-stream',
  'hdb-pool',
  'react-native-sqlite-storage',
  '@mikro-orm/core',
  '@nestjs/mongoose',
  '@nestjs/sequelize',
  'mongoose',
  'sequelize',
  '@prisma/client',
];

await build({
  entryPoints: ['dist/src/main.js'],
  outfile: SERVICE_OUTFILE,
  bundle: true,
  platform: 'node',
  // A script, not an ES module: the launcher compiles it with V8's code cache, which Node 20 offers only for scripts.
  // Its imports of external packages become `require` calls, so Node's ESM loader does not lex those packages (all
  // of TypeORM) for export names either. `import.meta` is a parameter the launcher passes (src/standalone/launch.ts).
  format: 'cjs',
  define: { 'import.meta': '__flagwrightImportMeta' },
  // Wrapped as the launcher calls it, so the file is compiled as it is read (no second copy of 2 MB of source).
  banner: { js: SERVICE_WRAPPER[0] },
  footer: { js: SERVICE_WRAPPER[1] },
  target: 'node20',
  // Nest uses class names (tokens, OpenAPI operation ids): keep them.
  keepNames: true,
  sourcemap: true,
  minify: true,
  external,
  logLevel: 'warning',
});

// keepNames wraps every named function in a helper that redefines its `name`, and runs it each time the function
// is created: arrow functions made per request (Nest's `switchToHttp()` makes three per guard and parameter) paid a
// property definition each, about 2 % of an SDK poll. Names matter for classes (Nest's tokens and messages,
// OpenAPI schema names, TypeORM entities and migrations), never for arrow functions (no prototype), which the
// helper now leaves as they are.
const bundled = readFileSync(SERVICE_OUTFILE, 'utf8');
const nameHelper = /var (\w+)=\((\w+),(\w+)\)=>(\w+)\(\2,"name",\{value:\3,configurable:!0\}\)/g;
const helpers = [...bundled.matchAll(nameHelper)];
if (helpers.length !== 1)
  throw new Error(`Expected one keepNames helper in ${SERVICE_OUTFILE}, found ${helpers.length}: update scripts/bundle.mjs.`);
const [helper, name, target, value, define] = helpers[0];
writeFileSync(
  SERVICE_OUTFILE,
  bundled.replace(
    helper,
    `var ${name}=(${target},${value})=>${target}.prototype===void 0?${target}:${define}(${target},"name",{value:${value},configurable:!0})`,
  ),
);

await build({
  entryPoints: ['dist/src/standalone/launch.js'],
  outfile: LAUNCHER_OUTFILE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  logLevel: 'warning',
});
