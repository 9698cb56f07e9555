import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';

/** Everything that could carry a secret is removed from the application's own log entries. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'req.body.password',
  'req.body.secret',
  'req.body.newPassword',
  'req.body.token',
  '*.password',
  '*.secret',
];

/** Request ids longer than this are replaced rather than echoed (they end up in every log line of the request). */
const MAX_REQUEST_ID_LENGTH = 200;
const UNLOGGED_PATHS = new Set(['/health', '/ready']);

/** The provider token of the root logger, for the request-logging middleware. */
export const ROOT_LOGGER = Symbol('flagwright:root-logger');

/** Log lines are written to stdout in batches of about this many bytes, and at least this often. */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 100;

/**
 * The one pino logger of the standalone process: Nest's messages and the request lines go through it. Lines are
 * batched (one write per few dozen request lines instead of one system call each) and flushed every
 * LOG_FLUSH_MS, when the process exits, and by `flushLogs` (the shutdown logger calls it before Nest re-raises the
 * signal that ends the process, which skips exit handlers). Given a `destination`, lines go there instead, unbatched
 * (tests read them).
 */
export function createRootLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  if (destination) return pino(options, destination);
  if (level === 'silent') return pino(options);
  const stdout = pino.destination({ dest: 1, sync: true, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
  process.once('exit', () => stdout.flushSync());
  return pino(options, stdout);
}

/** Writes every batched line now. */
export function flushLogs(logger: Logger): void {
  logger.flush();
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Gives every request an id (the caller's `x-request-id`, or a new one), answers it in `x-request-id`, and writes
 * one line when the response is done: `{req: {id, method, url}, res: {statusCode}, responseTime}`. Only those
 * fields are serialized, never a header or a body, so nothing needs redacting; health probes are not logged.
 */
export function requestLogging(root: Logger): Middleware {
  // The line holds no header or body, so the root logger's redaction (a walk over every entry) is not needed.
  const requests = root.child({}, { redact: [] });
  const logsRequests = requests.isLevelEnabled('info');
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && incoming.length <= MAX_REQUEST_ID_LENGTH ? incoming : randomUUID();
    res.setHeader('x-request-id', id);
    const { method, url } = req;
    if (logsRequests && !UNLOGGED_PATHS.has(url ?? '')) {
      const startedAt = Date.now();
      res.once('close', () => {
        const entry = { req: { id, method, url }, res: { statusCode: res.statusCode }, responseTime: Date.now() - startedAt };
        if (!res.writableFinished) requests.warn(entry, 'request aborted');
        else if (res.statusCode >= 500) requests.error(entry, 'request errored');
        else requests.info(entry, 'request completed');
      });
    }
    next();
  };
}
