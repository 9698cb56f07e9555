import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { ConfigService } from '@nestjs/config';
import { AppModule, ENVIRONMENT } from './standalone/app.module.js';
import { readEnvironment, type StandaloneEnvironment } from './standalone/environment.js';
import { configureStandaloneApp } from './standalone/configure-app.js';

/** Standalone bootstrap only; the library entry point is index.ts. */
async function main(): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(readEnvironment(process.env)), {
    bodyParser: false,
    bufferLogs: true,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  const env = app.get(ConfigService).getOrThrow<StandaloneEnvironment>(ENVIRONMENT);
  if (env.sessionSecretGenerated) {
    logger.warn('SESSION_SECRET is not set: sessions are signed with a random secret and end when this process stops.');
  }
  configureStandaloneApp(app, env.baseUriPath, env.trustProxy);
  app.enableShutdownHooks();
  await app.listen(env.port, env.host);
  logger.log(`Flagwright listens on http://${env.host === '0.0.0.0' ? 'localhost' : env.host}:${env.port}${env.baseUriPath}`);
}

/** Settles once the service listens: the launcher (launch.ts) then saves the code V8 compiled for start-up. */
export const listening: Promise<void> = main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
