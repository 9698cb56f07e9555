import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import Provider from 'oidc-provider';

export interface TestAccount {
  email?: string;
  name?: string;
  groups?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** The account the next sign-in at the provider signs in as. */
  signInAs: (sub: string) => void;
  /** Seconds an authorization code lives (default 60). */
  codeTtlSeconds: number;
  /** Re-sign the ID token of the next token answers with another audience (the keys are the provider's own). */
  tamperAudience: boolean;
  /** Follows a URL at the provider (our redirect to it) through its login, answering the redirect back to us. */
  authorize: (url: string) => Promise<URL>;
  /** Replaces the signing key with a new one (new `kid`): the keys the provider publishes change at once. */
  rotateKey: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on a port of 127.0.0.1, with one confidential client whose
 * redirect URI is `callbackUrl`. Its interaction (login and consent) is answered without a page: the account set by
 * `signInAs` is signed in and every scope asked for is granted. Claims go into the ID token.
 */
export async function startTestProvider(callbackUrl: string, postLogoutUrl: string, port = 0): Promise<TestProvider> {
  const clientId = 'flagwright';
  const clientSecret = 'test-client-secret-0123456789abcdef';
  const accounts = new Map<string, TestAccount>();
  let nextAccount = '';
  let signingKey = await newSigningKey();
  let provider: Provider;
  const state = {
    codeTtlSeconds: 60,
    tamperAudience: false,
  };

  const server: Server = createServer((request, response) => void route(request, response));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const build = () => {
    provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [callbackUrl],
          post_logout_redirect_uris: [postLogoutUrl],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [signingKey.privateJwk] },
      findAccount: (_ctx, sub) => {
        const account = accounts.get(sub);
        return account && { accountId: sub, claims: () => ({ sub, ...account, email_verified: true }) };
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
      scopes: ['openid', 'email', 'profile', 'groups'],
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
      ttl: { AuthorizationCode: () => state.codeTtlSeconds },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      cookies: { keys: ['test-provider-cookie-key'] },
    });
    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as { id_token?: string } | undefined;
      if (state.tamperAudience && ctx.path === '/token' && body?.id_token) {
        const claims = decodeJwt(body.id_token);
        const idToken = await new SignJWT({ ...claims, aud: 'another-client' })
          .setProtectedHeader({ alg: 'RS256', kid: signingKey.privateJwk.kid })
          .sign(signingKey.privateKey);
        ctx.body = { ...body, id_token: idToken };
      }
    });
  };
  build();

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!request.url?.startsWith('/interaction/')) return provider.callback()(request, response);
    const details = await provider.interactionDetails(request, response);
    const grant = new provider.Grant({ accountId: nextAccount, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: nextAccount }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  /** Follows redirects at the provider with its cookies, until one leaves it. */
  async function authorize(url: string): Promise<URL> {
    const cookies = new Map<string, string>();
    let next = new URL(url);
    for (let hop = 0; hop < 10; hop++) {
      if (next.origin !== issuer) return next;
      const answer = await fetch(next, {
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const cookie of answer.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
        cookies.set(name, value);
      }
      const location = answer.headers.get('location');
      if (!location) throw new Error(`the provider answered ${answer.status} without a redirect: ${await answer.text()}`);
      next = new URL(location, next);
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signInAs: (sub) => {
      nextAccount = sub;
    },
    get codeTtlSeconds() {
      return state.codeTtlSeconds;
    },
    set codeTtlSeconds(value: number) {
      state.codeTtlSeconds = value;
    },
    get tamperAudience() {
      return state.tamperAudience;
    },
    set tamperAudience(value: boolean) {
      state.tamperAudience = value;
    },
    authorize,
    rotateKey: async () => {
      signingKey = await newSigningKey();
      build();
    },
    stop: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

async function newSigningKey(): Promise<{
  privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  privateJwk: JWK & { kid: string };
}> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `key-${Math.random().toString(36).slice(2, 10)}`;
  return { privateKey, privateJwk: { ...(await exportJWK(privateKey)), kid, use: 'sig', alg: 'RS256' } };
}
