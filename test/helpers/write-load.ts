import { call, type HttpAnswer } from './service-process.js';

/** A value as last acknowledged, and the one of a write sent after it whose answer never came (it may have landed). */
interface Tracked<T> {
  acknowledged: T;
  unanswered?: T;
}

interface FeatureExpectation {
  enabled: Tracked<boolean>;
  /** Strategy id -> the values of its one constraint. */
  strategies: Map<string, Tracked<string[]>>;
  tags: Set<string>;
}

const ENVIRONMENT = 'development';
const featureUrl = (feature: string) => `/api/admin/projects/default/features/${feature}`;
const strategiesUrl = (feature: string) => `${featureUrl(feature)}/environments/${ENVIRONMENT}/strategies`;
const strategyBody = (feature: string, values: string[]) => ({
  name: 'flexibleRollout',
  constraints: [{ contextName: 'userId', operator: 'IN', values }],
  parameters: { rollout: '50', stickiness: 'default', groupId: feature },
});

/** The service stopped answering (killed or stopping): the worker that met it ends. */
class ServiceGone extends Error {
  constructor(
    readonly refusedCleanly: boolean,
    options?: { cause: string },
  ) {
    super('the service is gone', options);
  }
}

/**
 * Writes that touch several tables in one transaction (feature with its environments, strategy with constraints,
 * environment toggle, tag, API token), each recorded once acknowledged (2xx) with what a later read must find.
 */
export class WriteLedger {
  private readonly features = new Map<string, FeatureExpectation>();
  private readonly tokens = new Set<string>();
  /** Acknowledged writes; each wrote at least one event. */
  acknowledged = 0;
  /** Answers other than 2xx to writes that should succeed: a healthy service under load gives none. */
  readonly refusals: string[] = [];
  /** Requests that met a closed connection instead of an answer or a refusal: a hard kill leaves some. */
  readonly unanswered: string[] = [];

  constructor(private readonly authorization: string) {}

  /** Runs one worker against the service at `base` until `done()` or until the service stops answering. */
  async work(base: string, prefix: string, done: () => boolean): Promise<void> {
    let feature: string | undefined;
    const strategies: string[] = [];
    try {
      for (let serial = 0; !done(); serial++) {
        const name = `${prefix}-${serial}`;
        const choice = feature ? Math.floor(Math.random() * 6) : 0;
        if (choice === 0) {
          if (await this.createFeature(base, name)) {
            feature = name;
            strategies.length = 0;
          }
        } else if (choice === 1 || strategies.length === 0) {
          const id = await this.addStrategy(base, feature!, [name]);
          if (id) strategies.push(id);
        } else if (choice === 2) {
          await this.updateStrategy(base, feature!, strategies[Math.floor(Math.random() * strategies.length)], [name, 'updated']);
        } else if (choice === 3) {
          await this.toggle(base, feature!);
        } else if (choice === 4) {
          await this.tag(base, feature!, name);
        } else {
          await this.createToken(base, `${name}-token`);
        }
      }
    } catch (error) {
      if (!(error instanceof ServiceGone)) throw error;
      if (!error.refusedCleanly) this.unanswered.push(`${prefix}: ${error.cause}`);
    }
  }

  /** What the service at `base` shows that differs from what was acknowledged (features whose name starts with `prefix`). */
  async differences(base: string, prefix = ''): Promise<string[]> {
    const problems: string[] = [];
    for (const [name, expected] of this.features) {
      if (!name.startsWith(prefix)) continue;
      const read = await call(base, 'GET', featureUrl(name), { headers: { authorization: this.authorization } });
      if (read.status !== 200) {
        problems.push(`${name}: acknowledged, read answers ${read.status}`);
        continue;
      }
      const environment = read.body.environments.find((e: { name: string }) => e.name === ENVIRONMENT);
      if (!isOneOf(environment.enabled, expected.enabled))
        problems.push(`${name}: enabled ${environment.enabled}, expected ${show(expected.enabled)}`);
      const stored = new Map<string, string[]>(
        environment.strategies.map((s: { id: string; constraints: { values: string[] }[] }) => [s.id, s.constraints[0].values]),
      );
      for (const [id, values] of expected.strategies) {
        if (!stored.has(id)) problems.push(`${name}: acknowledged strategy ${id} is missing`);
        else if (!isOneOf(stored.get(id), values)) problems.push(`${name}: strategy ${id} has ${stored.get(id)}, expected ${show(values)}`);
      }
      const tags = new Set(read.body.tags.map((tag: { value: string }) => tag.value));
      for (const tag of expected.tags) if (!tags.has(tag)) problems.push(`${name}: acknowledged tag ${tag} is missing`);
    }
    const listed = await call(base, 'GET', '/api/admin/api-tokens', { headers: { authorization: this.authorization } });
    const names = new Set(listed.body.tokens.map((token: { tokenName: string }) => token.tokenName));
    for (const token of this.tokens)
      if (token.startsWith(prefix) && !names.has(token)) problems.push(`acknowledged API token ${token} is missing`);
    return problems;
  }

  get featureCount(): number {
    return this.features.size;
  }

  private async write(base: string, method: string, path: string, body?: unknown): Promise<HttpAnswer | undefined> {
    const answer = await call(base, method, path, { headers: { authorization: this.authorization }, body }).catch(
      (error: NodeJS.ErrnoException) => {
        // Refused: the server no longer listens, so the request never reached it.
        throw new ServiceGone(error.code === 'ECONNREFUSED', { cause: `${method} ${path}: ${error.code ?? error.message}` });
      },
    );
    if (answer.status >= 200 && answer.status < 300) {
      this.acknowledged++;
      return answer;
    }
    // A service that is stopping may refuse new work with 503; anything else is a defect.
    if (answer.status === 503) throw new ServiceGone(true);
    this.refusals.push(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return undefined;
  }

  private async createFeature(base: string, name: string): Promise<boolean> {
    if (!(await this.write(base, 'POST', '/api/admin/projects/default/features', { name }))) return false;
    this.features.set(name, { enabled: { acknowledged: false }, strategies: new Map(), tags: new Set() });
    return true;
  }

  private async addStrategy(base: string, feature: string, values: string[]): Promise<string | undefined> {
    const answer = await this.write(base, 'POST', strategiesUrl(feature), strategyBody(feature, values));
    if (!answer) return undefined;
    this.features.get(feature)!.strategies.set(answer.body.id, { acknowledged: values });
    return answer.body.id;
  }

  private async updateStrategy(base: string, feature: string, id: string, values: string[]): Promise<void> {
    await this.tracked(this.features.get(feature)!.strategies.get(id)!, values, () =>
      this.write(base, 'PUT', `${strategiesUrl(feature)}/${id}`, strategyBody(feature, values)),
    );
  }

  private async toggle(base: string, feature: string): Promise<void> {
    const enabled = this.features.get(feature)!.enabled;
    const next = !enabled.acknowledged;
    await this.tracked(enabled, next, () =>
      this.write(base, 'POST', `${featureUrl(feature)}/environments/${ENVIRONMENT}/${next ? 'on' : 'off'}`),
    );
  }

  private async tag(base: string, feature: string, value: string): Promise<void> {
    if (await this.write(base, 'POST', `/api/admin/features/${feature}/tags`, { type: 'simple', value }))
      this.features.get(feature)!.tags.add(value);
  }

  private async createToken(base: string, tokenName: string): Promise<void> {
    const body = { tokenName, type: 'client', environment: ENVIRONMENT, project: 'default' };
    if (await this.write(base, 'POST', '/api/admin/api-tokens', body)) this.tokens.add(tokenName);
  }

  /** A change of a tracked value: unanswered while in flight, acknowledged once answered 2xx, forgotten if refused. */
  private async tracked<T>(value: Tracked<T>, next: T, send: () => Promise<HttpAnswer | undefined>): Promise<void> {
    value.unanswered = next;
    if (await send()) value.acknowledged = next;
    delete value.unanswered;
  }
}

function isOneOf<T>(actual: T, expected: Tracked<T>): boolean {
  const same = (value: T) => JSON.stringify(value) === JSON.stringify(actual);
  return same(expected.acknowledged) || ('unanswered' in expected && same(expected.unanswered as T));
}

const show = <T>(value: Tracked<T>) => JSON.stringify(value);
