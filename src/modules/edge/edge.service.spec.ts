import { hashSecret } from '../../core/access/secrets.js';
import { EdgeService } from './edge.service.js';
import { FakeEdgeTokensReadModel } from './testing/edge-tokens-read-model.fake.js';

function buildEdge() {
  const tokens = new FakeEdgeTokensReadModel();
  tokens.tokens.set(hashSecret('client-secret'), { type: 'client', environment: 'production', projects: ['a', 'b'] });
  tokens.tokens.set(hashSecret('frontend-secret'), { type: 'frontend', environment: 'development', projects: ['*'] });
  return { service: new EdgeService(tokens), tokens };
}

describe('EdgeService', () => {
  it('answers the valid tokens among those sent, once each, in the order sent, with what each may see', async () => {
    const { service } = buildEdge();
    expect(await service.validate(['frontend-secret', 'unknown', 'client-secret', 'frontend-secret'])).toEqual([
      { token: 'frontend-secret', type: 'frontend', environment: 'development', projects: ['*'] },
      { token: 'client-secret', type: 'client', environment: 'production', projects: ['a', 'b'] },
    ]);
  });

  it('looks tokens up by the digest the service stores, never by the secret, and each digest once', async () => {
    const { service, tokens } = buildEdge();
    await service.validate(['client-secret', 'x', 'client-secret']);
    expect(tokens.asked).toEqual([[hashSecret('client-secret'), hashSecret('x')]]);
  });

  it('answers nothing when no token sent is valid', async () => {
    const { service } = buildEdge();
    expect(await service.validate(['nope'])).toEqual([]);
    expect(await service.validate([])).toEqual([]);
  });
});
