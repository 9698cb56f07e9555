import { Clock } from '../../../core/clock.js';
import { fakeDatabase } from '../../../core/testing/fake-database.js';
import { EdgeTokensReadModel, type SdkTokenScope } from '../edge-tokens.read-model.js';

/** The valid SDK tokens by digest, as the spec sets them; `asked` lists the digests of each lookup. */
export class FakeEdgeTokensReadModel extends EdgeTokensReadModel {
  readonly tokens = new Map<string, SdkTokenScope>();
  readonly asked: string[][] = [];

  constructor() {
    super(fakeDatabase(), new Clock());
  }

  override async sdkTokens(digests: string[]): Promise<Map<string, SdkTokenScope>> {
    this.asked.push(digests);
    return new Map(digests.flatMap((digest) => (this.tokens.has(digest) ? [[digest, this.tokens.get(digest)!] as const] : [])));
  }
}
