import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigService } from '@nestjs/config';
import { AppModule, ENVIRONMENT } from './standalone/app.module.js';
import { readEnvironment, type StandaloneEnvironment } from './standalone/environment.js';
import { configureStandaloneApp } from './standalone/configure-app.js';
import { PinoNestLogger } from './standalone/nest-logger.js';

/** Standalone bootstrap only; the library entry point is index.ts. */
async function main(): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(readEnvironment(process.env)), {
    bodyParser: false,
    bufferLogs: true,
  });
  const logger = app.get(PinoNestLogger);
  app.useLogger(logger);
  const env = app.get(ConfigService).getOrThrow<StandaloneEnvironment>(ENVIRONMENT);
  if (env.sessionSecretGenerated) {
    logger.warn('SESSION_SECRET is not set: sessions are signed with a random secret and end when this process stops.');
  }
  configureStandaloneApp(app, env.baseUriPath);
  app.enableShutdownHooks();
  await app.listen(env.port, env.host).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error;
    throw new Error(`Cannot listen on ${env.host}:${env.port}: another process uses that port. Stop it, or set PORT to a free one.`);
  });
  logger.log(`Flagwright listens on http://${env.host === '0.0.0.0' ? 'localhost' : env.host}:${env.port}${env.baseUriPath}`);
}

/** Settles once the service listens: the launcher (launch.ts) then saves the code V8 compiled for start-up. */
export const listening: Promise<void> = main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
