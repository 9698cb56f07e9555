import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { FakeChangeWatcher } from '../../core/testing/change-watcher.fake.js';
import { testConfig } from '../../core/testing/config.js';
import { SDK_GENERATION, SdkSnapshots } from './sdk-snapshots.service.js';
import { HEARTBEAT_MS, SdkStreams } from './sdk-streams.service.js';
import { clientFeature, FakeClientFeaturesReadModel } from './testing/client-features-read-model.fake.js';

const SCOPE = { environment: 'development', projects: 'all' as const };

function buildStreams() {
  const features = new FakeClientFeaturesReadModel();
  features.features = [clientFeature('a')];
  const watcher = new FakeChangeWatcher();
  const snapshots = new SdkSnapshots(features, watcher, testConfig());
  snapshots.onModuleInit();
  return { streams: new SdkStreams(snapshots), features, watcher };
}

/** A response that keeps its status, headers and writes; `emit('close')` is the client going away. */
function streamResponse() {
  const response = Object.assign(new EventEmitter(), {
    statusCode: 0,
    headers: {} as Record<string, string>,
    written: [] as string[],
    ended: false,
    status(code: number) {
      response.statusCode = code;
      return response;
    },
    setHeader(name: string, value: string) {
      response.headers[name] = value;
    },
    write(chunk: string) {
      response.written.push(chunk);
      return true;
    },
    end() {
      response.ended = true;
    },
  });
  return response;
}

function streamRequest(): Request & { socketTimeout?: number } {
  const request = { socket: { setTimeout: (ms: number) => (request.socketTimeout = ms) } } as unknown as Request & {
    socketTimeout?: number;
  };
  return request;
}

async function open(streams: SdkStreams) {
  const response = streamResponse();
  const request = streamRequest();
  await streams.open(SCOPE, request, response as unknown as Response);
  return { response, request };
}

describe('SdkStreams', () => {
  it('opens an unbuffered event stream whose first event hydrates the scope, with no socket timeout', async () => {
    const { streams, features } = buildStreams();
    const { response, request } = await open(streams);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toEqual({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    expect(response.written).toEqual([
      `event: unleash-connected\nid: 1\ndata: ${JSON.stringify({ events: [{ eventId: 1, type: 'hydration', features: features.features, segments: [] }] })}\n\n`,
    ]);
    expect(request.socketTimeout).toBe(0);
    streams.onModuleDestroy();
  });

  it('sends each change as unleash-updated, its id the last event id, and nothing when nothing changed', async () => {
    const { streams, features, watcher } = buildStreams();
    const { response } = await open(streams);
    watcher.move(SDK_GENERATION);
    const changed = clientFeature('a', { enabled: false });
    features.features = [changed];
    watcher.move(SDK_GENERATION);
    await vi.waitFor(() => expect(response.written).toHaveLength(2));
    const [event, id, data] = response.written[1].split('\n');
    expect([event, id]).toEqual(['event: unleash-updated', 'id: 2']);
    expect(JSON.parse(data.slice('data: '.length))).toEqual({ events: [{ eventId: 2, type: 'feature-updated', feature: changed }] });
    streams.onModuleDestroy();
  });

  it('sends a keep-alive comment every HEARTBEAT_MS', async () => {
    vi.useFakeTimers();
    try {
      const { streams } = buildStreams();
      const { response } = await open(streams);
      vi.advanceTimersByTime(HEARTBEAT_MS * 2);
      expect(response.written.slice(1)).toEqual([': keep-alive\n\n', ': keep-alive\n\n']);
      streams.onModuleDestroy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops listening and ends the response when the client goes, and ends every open stream when the module stops', async () => {
    const { streams, features, watcher } = buildStreams();
    const gone = await open(streams);
    const staying = await open(streams);
    gone.response.emit('close');
    expect(gone.response.ended).toBe(true);

    features.features = [];
    watcher.move(SDK_GENERATION);
    await vi.waitFor(() => expect(staying.response.written).toHaveLength(2));
    expect(gone.response.written).toHaveLength(1);

    expect(staying.response.ended).toBe(false);
    streams.onModuleDestroy();
    expect(staying.response.ended).toBe(true);
  });
});
