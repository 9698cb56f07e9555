import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger as PinoLogger } from 'pino';
import { flushLogs, ROOT_LOGGER } from './logging.js';

/** Says when the process stops: by then the HTTP server has stopped taking requests and finished the open ones. */
@Injectable()
export class ShutdownLogger implements OnApplicationShutdown {
  private readonly logger = new Logger('Flagwright');

  constructor(@Inject(ROOT_LOGGER) private readonly root: PinoLogger) {}

  onApplicationShutdown(signal?: string): void {
    this.logger.log(`Stopped${signal ? ` on ${signal}` : ''}: in-flight requests finished, closing the database.`);
    // Nest ends the process by raising the signal again, which runs no exit handler: the batched lines go now.
    flushLogs(this.root);
  }
}
