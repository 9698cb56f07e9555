// Writes the service's OpenAPI document, as the compiled service (dist/src) builds it, and the console's API types
// generated from it (console/src/api/schema.d.ts): a changed route or schema then fails the console's type check in
// `npm run build`, not its users. The app starts on a throwaway SQLite file, to build the document only.
import 'reflect-metadata';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { buildOpenApiDocument } from '../dist/src/core/http/openapi.js';
import { AppModule } from '../dist/src/standalone/app.module.js';
import { readEnvironment } from '../dist/src/standalone/environment.js';
import { consoleTypes } from './console-types.mjs';

const TYPES_FILE = 'console/src/api/schema.d.ts';

const directory = mkdtempSync(join(tmpdir(), 'flagwright-openapi-'));
try {
  const environment = { ...readEnvironment({}), databaseFile: join(directory, 'document.sqlite'), logLevel: 'silent' };
  const app = await NestFactory.create(AppModule.register(environment), { logger: false, bodyParser: false });
  await app.init();
  const document = buildOpenApiDocument(app);
  await app.close();
  writeFileSync(TYPES_FILE, await consoleTypes(document));
} finally {
  rmSync(directory, { recursive: true, force: true });
}
