import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { SdkScope } from './client-features.model.js';
import { hydration } from './sdk-delta.js';
import { SdkSnapshots } from './sdk-snapshots.service.js';

/** Streams send a comment this often, so that SDKs (which drop a stream silent for 60 s) and proxies keep it. */
export const HEARTBEAT_MS = 30_000;

/**
 * `GET /api/client/streaming`: server-sent events as the SDKs' streaming mode reads them. `unleash-connected`
 * carries a hydration of the scope, then each change seen (on any instance) is sent as `unleash-updated` with its
 * delta events; the SSE `id` is the last event's id. Streams end when the module stops, so shutdown never waits.
 */
@Injectable()
export class SdkStreams implements OnModuleDestroy {
  private readonly closers = new Set<() => void>();

  constructor(private readonly snapshots: SdkSnapshots) {}

  async open(scope: SdkScope, request: Request, response: Response): Promise<void> {
    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache, no-transform');
    response.setHeader('Connection', 'keep-alive');
    response.setHeader('X-Accel-Buffering', 'no');
    const send = (event: string, id: number, data: unknown) =>
      response.write(`event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
    const stop = await this.snapshots.listen(
      scope,
      (snapshot, lastEventId) => send('unleash-connected', lastEventId, { events: [hydration(snapshot, lastEventId)] }),
      (_snapshot, events) => {
        if (events.length > 0) send('unleash-updated', events[events.length - 1].eventId, { events });
      },
    );
    const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const close = () => {
      if (!this.closers.delete(close)) return;
      stop();
      clearInterval(heartbeat);
      response.end();
    };
    this.closers.add(close);
    response.on('close', close);
    request.socket.setTimeout(0);
  }

  onModuleDestroy(): void {
    for (const close of [...this.closers]) close();
  }
}
