import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';

/** Says when the process stops: by then the HTTP server has stopped taking requests and finished the open ones. */
@Injectable()
export class ShutdownLogger implements OnApplicationShutdown {
  private readonly logger = new Logger('Flagwright');

  onApplicationShutdown(signal?: string): void {
    this.logger.log(`Stopped${signal ? ` on ${signal}` : ''}: in-flight requests finished, closing the database.`);
  }
}
