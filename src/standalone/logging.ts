import { randomUUID } from 'node:crypto';
import type { Params } from 'nestjs-pino';

/** Everything that could carry a secret is removed from logs. */
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

export function loggerOptions(level: string): Params {
  return {
    pinoHttp: {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && incoming.length <= 200 ? incoming : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/health' || req.url === '/ready' },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      },
    },
  };
}
