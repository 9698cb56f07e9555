import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

/** The one route of the floor application. */
export const BARE_NEST_PATH = '/floor';

@Controller()
class FloorController {
  @Get(BARE_NEST_PATH)
  floor(): { status: string } {
    return { status: 'ok' };
  }
}

@Module({ controllers: [FloorController] })
class FloorModule {}

/**
 * The floor the SDK benchmarks compare with: NestJS on Express as `nest new` makes it, with one GET handler
 * answering a small JSON. No guards, pipes, filters, helmet or logging: what any Nest route costs at least.
 */
export async function listenBareNest(port: number, host: string): Promise<void> {
  const app = await NestFactory.create(FloorModule, { logger: false });
  app.enableShutdownHooks();
  await app.listen(port, host);
}
