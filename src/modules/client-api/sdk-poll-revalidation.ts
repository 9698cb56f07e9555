import type { INestApplicationContext } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { isPersonalAccessToken, presentedCredential } from '../../core/access/auth.guard.js';
import { CredentialsReadModel } from '../../core/access/credentials.read-model.js';
import { tokenReaches } from '../../core/access/permission.guard.js';
import { hashSecret } from '../../core/access/secrets.js';
import { clientShapeOf, matchesEtag, sendKept } from './sdk-http.js';
import { SdkScopeResolver } from './sdk-scope.resolver.js';
import { SdkSnapshots } from './sdk-snapshots.service.js';

/**
 * The poll every backend SDK repeats every few seconds: `GET /api/client/features`, no query, a client token and
 * the `If-None-Match` of the answer it holds. When all of that is so and the answer has not changed, this answers
 * the 304 before the framework's routing, guards and pipes, which cost a third of such a request; it asks the same
 * credential cache, scope resolver and snapshots as the route does and writes the 304 as the route does (`sendKept`).
 * Every other request, and any doubt (another credential, a changed answer, a refusal to come), goes on to the
 * route, which answers it.
 *
 * For the standalone application only: embedded, a host's own global guards must see every request to our routes.
 */
export function sdkPollRevalidation(app: INestApplicationContext, path: string): (req: Request, res: Response, next: NextFunction) => void {
  const credentials = app.get(CredentialsReadModel);
  const scopes = app.get(SdkScopeResolver);
  const snapshots = app.get(SdkSnapshots);

  async function answersNotModified(req: Request, res: Response): Promise<boolean> {
    const credential = presentedCredential(req.headers.authorization);
    if (!credential || isPersonalAccessToken(credential)) return false;
    const principal = await credentials.apiToken(hashSecret(credential));
    if (!principal || !tokenReaches(principal.type, 'client')) return false;
    const snapshot = await snapshots.snapshot(await scopes.resolve(principal, {}));
    const answer = snapshot.clientAnswer(clientShapeOf(req));
    if (!matchesEtag(req, answer.etag)) return false;
    await sendKept(req, res, answer);
    return true;
  }

  return (req, res, next) => {
    if (req.url !== path || req.method !== 'GET' || !req.headers['if-none-match'] || hasBody(req)) return next();
    // A refusal (a malformed spec header, a failed lookup) is the route's to answer, with its error body.
    answersNotModified(req, res).then(
      (answered) => answered || next(),
      () => next(),
    );
  };
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
