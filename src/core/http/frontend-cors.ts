import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Clock } from '../clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../config/flagwright-config.js';
import { Database, parseJson } from '../database/database.js';

/** The name of the setting that holds the frontend API's origins, as Unleash names it. */
export const FRONTEND_SETTINGS = 'unleash.frontend';

/** How long an instance keeps the origins it read before reading them again (another instance may have changed them). */
const KEPT_MS = 5_000;

/** How long browsers may keep a preflight's answer, Unleash's default (ACCESS_CONTROL_MAX_AGE). */
const PREFLIGHT_MAX_AGE_SECONDS = '86400';

/**
 * The origins browsers may call `/api/frontend` from: the `unleash.frontend` setting an admin sets
 * (`POST /api/admin/ui-config/cors`, the ui-config module writes it), or the configured default (`*`). Read from
 * the database at most every few seconds, so an SDK request seldom waits for it; the instance that changes the
 * setting knows at once, the others within those seconds.
 */
@Injectable()
export class FrontendOrigins {
  private kept?: { origins: string[]; until: number };

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  /** The origins as last read, when they are recent enough; otherwise undefined (ask `current`). */
  recent(): string[] | undefined {
    return this.kept && this.kept.until > this.clock.now().getTime() ? this.kept.origins : undefined;
  }

  async current(): Promise<string[]> {
    const recent = this.recent();
    if (recent) return recent;
    const row = await this.db.one<{ content: string }>('SELECT content FROM flagwright_settings WHERE name = :name', {
      name: FRONTEND_SETTINGS,
    });
    const stored = parseJson<{ frontendApiOrigins?: string[] }>(row?.content, {}).frontendApiOrigins;
    const origins = stored ?? this.config.frontendApiOrigins;
    this.remember(origins);
    return origins;
  }

  /** What this instance answers from now on (called by the writer of the setting after its change). */
  remember(origins: string[]): void {
    this.kept = { origins, until: this.clock.now().getTime() + KEPT_MS };
  }
}

/**
 * CORS of the frontend API, as Unleash's `cors` middleware answers it: every answer varies by `Origin`; a request from
 * an allowed origin (or any, with `*`) gets `Access-Control-Allow-Origin` (with credentials allowed and `ETag`
 * exposed), and a preflight the methods, the headers it asked for and how long to keep them. It runs first, so 401s
 * and 400s carry the headers too and a browser can read them. A request without `Origin` (a server-side SDK) asks
 * nothing more. The admin API has no CORS: it stays same-origin.
 */
@Injectable()
export class FrontendCorsGuard implements CanActivate {
  constructor(private readonly origins: FrontendOrigins) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    response.setHeader('Vary', 'Origin');
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    const recent = this.origins.recent();
    if (recent) return answer(recent, origin, request, response);
    return this.origins.current().then((origins) => answer(origins, origin, request, response));
  }
}

function answer(allowed: string[], origin: string, request: Request, response: Response): true {
  const allowAny = allowed.length === 0 || allowed.includes('*');
  if (!allowAny && !allowed.includes(origin)) return true;
  response.setHeader('Access-Control-Allow-Origin', allowAny ? '*' : origin);
  response.setHeader('Access-Control-Allow-Credentials', 'true');
  response.setHeader('Access-Control-Expose-Headers', 'ETag');
  if (request.method === 'OPTIONS') {
    response.setHeader('Access-Control-Allow-Methods', 'GET,HEAD,PUT,PATCH,POST,DELETE');
    const asked = request.headers['access-control-request-headers'];
    if (asked) response.setHeader('Access-Control-Allow-Headers', asked);
    response.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
  }
  return true;
}
