import { once } from 'node:events';
import { type AddressInfo, createServer, type Socket, connect } from 'node:net';
import { yieldToEventLoop } from './event-loop.js';

/**
 * A client that receives "first", then "second" 20 ms later; in its callback for "first" it works for 50 ms (so
 * "second" waits to be read), then waits with `pause` and says whether "second" was read before `pause` resolved.
 */
async function secondReadDuring(pause: () => Promise<void>): Promise<boolean> {
  const server = createServer((socket) => {
    socket.write('first');
    setTimeout(() => socket.end('second'), 20);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const client: Socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  try {
    const read: string[] = [];
    return await new Promise<boolean>((resolve) => {
      client.on('data', (chunk: Buffer) => {
        read.push(chunk.toString());
        if (read.length > 1) return;
        const until = Date.now() + 50;
        while (Date.now() < until);
        void pause().then(() => resolve(read.length > 1));
      });
    });
  } finally {
    client.destroy();
    server.close();
  }
}

describe('yieldToEventLoop', () => {
  it('resolves after what arrived meanwhile has been read, where one setImmediate would not', async () => {
    expect(await secondReadDuring(yieldToEventLoop)).toBe(true);
    expect(await secondReadDuring(() => new Promise((resolve) => setImmediate(resolve)))).toBe(false);
  });
});
