import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError } from '../core/errors/app-error.js';
import { toErrorResponse } from '../core/errors/error-response.js';
import { headersTooLarge, invalidHttp, requestTimedOut } from './standalone.errors.js';

/**
 * Requests Node's HTTP server refuses before any route sees them (headers over its 16 KB limit, a request target
 * that is not a path, a missing Host, broken framing) get the error body too, instead of Node's bare status line.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex & { bytesWritten?: number }) => {
    // Like Node's own handler: answer only when nothing of another answer went out on this connection yet.
    if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten !== 0) return socket.destroy();
    const { status, body } = toErrorResponse(clientErrorOf(error));
    const text = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  });
}

function clientErrorOf(error: NodeJS.ErrnoException): AppError {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return headersTooLarge();
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return requestTimedOut();
  return invalidHttp(error.code ?? error.message);
}
