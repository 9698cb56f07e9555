import type { HttpAdapterHost } from '@nestjs/core';

/**
 * Flagwright's routes read and write through Express (its request and response objects, its body and cookie
 * handling); under another HTTP platform its JSON requests would hang unanswered. So start-up stops, saying what to
 * do, when the application runs on another platform. No adapter at all (a Nest context without HTTP) is fine.
 */
export function checkHttpPlatform(adapterHost: HttpAdapterHost | undefined): void {
  const platform = adapterHost?.httpAdapter?.getType();
  if (platform === undefined || platform === 'express') return;
  throw new Error(
    `Flagwright: this application runs on the "${platform}" HTTP platform, but Flagwright's routes run on NestJS's Express ` +
      'platform only (@nestjs/platform-express, what NestFactory.create uses by default). Create the application that imports ' +
      'FlagwrightModule with the Express adapter: a second application of yours, on Express and listening on its own port, can ' +
      'hold FlagwrightModule beside your Fastify one.',
  );
}
