import { Body, Controller, Get, Module, Put } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

/** The one route of the floor application. */
export const BARE_NEST_PATH = '/floor';

@Controller()
class FloorController {
  @Get(BARE_NEST_PATH)
  floor(): { status: string } {
    return { status: 'ok' };
  }

  /** The floor of a write: Nest's JSON body parsing of the same body, answered back as it came. */
  @Put(BARE_NEST_PATH)
  echo(@Body() body: unknown): unknown {
    return body;
  }
}

@Module({ controllers: [FloorController] })
class FloorModule {}

/**
 * The floor the benchmarks compare with: NestJS on Express as `nest new` makes it, with one GET handler answering a
 * small JSON and, on the same path, one PUT handler answering its JSON body back. No guards, pipes, filters, helmet
 * or logging: what any Nest route costs at least.
 */
export async function listenBareNest(port: number, host: string): Promise<void> {
  const app = await NestFactory.create(FloorModule, { logger: false });
  app.enableShutdownHooks();
  await app.listen(port, host);
}
