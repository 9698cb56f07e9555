import { ADMIN_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../helpers/test-app.js';
import { seedFeature } from '../helpers/seeds.js';
import { strategiesUrl, UUID } from './strategies.fixtures.js';

const ERROR_ID = expect.stringMatching(UUID);

/**
 * REGEX (RE2, as the SDKs compile it), IN_CIDR (addresses and ranges) and SEMVER_* (a leading `v` allowed, as Unleash
 * allows it) in strategy and segment bodies: what is accepted is stored as sent, what is refused is a 400 naming the
 * property; and what is stored is evaluated by `/api/frontend` as the SDKs evaluate it.
 */
describe('constraint validation as Unleash and the SDKs do it', () => {
  let t: TestApp;
  const admin = (method: 'post' | 'get', url: string) => t.http()[method](url).set('Authorization', ADMIN_TOKEN);
  const createStrategy = (feature: string, constraints: object[]) =>
    admin('post', strategiesUrl('default', feature, 'development')).send({ name: 'default', constraints });
  const createSegment = (name: string, constraints: object[]) => admin('post', '/api/admin/segments').send({ name, constraints });
  const stored = (constraint: object) => ({ values: [], caseInsensitive: false, inverted: false, ...constraint });
  const refusal = (path: string, message: string) => ({ id: ERROR_ID, name: 'ValidationError', message, details: [{ path, message }] });
  const frontendNames = async (query: string) =>
    (await t.http().get(`/api/frontend?${query}`).set('Authorization', FRONTEND_TOKEN).expect(200)).body.toggles.map(
      (toggle: { name: string }) => toggle.name,
    );

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Creates the strategy, reads it back, and answers the stored constraints. */
  async function acceptedByStrategy(feature: string, constraints: object[]): Promise<object[]> {
    await seedFeature(t, feature, 'default', ['development']);
    const created = await createStrategy(feature, constraints).expect(200);
    const read = await admin('get', strategiesUrl('default', feature, 'development', created.body.id)).expect(200);
    expect(read.body.constraints).toEqual(created.body.constraints);
    return read.body.constraints;
  }

  /** Creates the segment, reads it back, and answers the stored constraints. */
  async function acceptedBySegment(name: string, constraints: object[]): Promise<object[]> {
    const created = await createSegment(name, constraints).expect(201);
    const read = await admin('get', `/api/admin/segments/${created.body.id}`).expect(200);
    expect(read.body.constraints).toEqual(created.body.constraints);
    return read.body.constraints;
  }

  describe('REGEX', () => {
    const valid = [
      { contextName: 'userId', operator: 'REGEX', value: '(?i)^abc$' },
      { contextName: 'appName', operator: 'REGEX', value: '^[[:alpha:]]+$' },
      { contextName: 'tier', operator: 'REGEX', value: '^gold', caseInsensitive: true },
    ];
    const backReference = { contextName: 'userId', operator: 'REGEX', value: '^(a)\\1$' };
    const backReferenceMessage =
      'The `/body/constraints/0/value` property must be a regular expression in RE2 syntax, which the SDKs use (error parsing regexp: invalid escape sequence: `\\1`). You sent "^(a)\\\\1$".';
    const lookAhead = { contextName: 'userId', operator: 'REGEX', value: 'a(?=b)' };
    const lookAheadMessage =
      'The `/body/constraints/0/value` property must be a regular expression in RE2 syntax, which the SDKs use (error parsing regexp: invalid or unsupported Perl syntax: `(?=`). You sent "a(?=b)".';

    it('accepts RE2 syntax in a strategy, and /api/frontend matches as the SDKs do (flags, POSIX classes, caseInsensitive)', async () => {
      expect(await acceptedByStrategy('regex-valid', valid)).toEqual(valid.map(stored));
      expect(await frontendNames('userId=ABC&appName=web&properties[tier]=GOLDEN')).toEqual(['regex-valid']);
      expect(await frontendNames('userId=ABC&appName=web2&properties[tier]=GOLDEN')).toEqual([]);
      expect(await frontendNames('userId=ABC&appName=web&properties[tier]=silver')).toEqual([]);
    });

    it('accepts RE2 syntax in a segment', async () => {
      expect(await acceptedBySegment('regex-valid', valid)).toEqual(valid.map(stored));
    });

    it('refuses what RE2 refuses (back-references, look-arounds) in a strategy, storing nothing', async () => {
      await seedFeature(t, 'regex-invalid');
      expect((await createStrategy('regex-invalid', [backReference]).expect(400)).body).toEqual(
        refusal('/body/constraints/0/value', backReferenceMessage),
      );
      expect((await createStrategy('regex-invalid', [lookAhead]).expect(400)).body).toEqual(
        refusal('/body/constraints/0/value', lookAheadMessage),
      );
      expect((await admin('get', strategiesUrl('default', 'regex-invalid', 'development')).expect(200)).body).toEqual([]);
    });

    it('refuses what RE2 refuses in a segment, storing nothing', async () => {
      expect((await createSegment('regex-back-reference', [backReference]).expect(400)).body).toEqual(
        refusal('/body/constraints/0/value', backReferenceMessage),
      );
      expect((await createSegment('regex-look-ahead', [lookAhead]).expect(400)).body).toEqual(
        refusal('/body/constraints/0/value', lookAheadMessage),
      );
      const names = (await admin('get', '/api/admin/segments').expect(200)).body.segments.map((segment: { name: string }) => segment.name);
      expect(names).not.toContain('regex-back-reference');
      expect(names).not.toContain('regex-look-ahead');
    });
  });

  describe('IN_CIDR', () => {
    const ranges = { contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['10.0.0.0/8', '192.168.1.5', '2001:db8::/32'] };
    const notAnAddress = { contextName: 'remoteAddress', operator: 'IN_CIDR', values: ['10.0.0.0/8', '127.invalid'] };
    const notAnAddressMessage =
      'The `/body/constraints/0/values/1` property must be an IPv4 or IPv6 address or CIDR range (such as 10.0.0.0/8 or 2001:db8::/32) for the IN_CIDR operator. You sent "127.invalid".';

    it('accepts addresses and ranges in a strategy, and /api/frontend matches the context address', async () => {
      expect(await acceptedByStrategy('cidr-valid', [ranges])).toEqual([stored(ranges)]);
      expect(await frontendNames('remoteAddress=10.20.30.40')).toEqual(['cidr-valid']);
      expect(await frontendNames('remoteAddress=2001:db8::7')).toEqual(['cidr-valid']);
      expect(await frontendNames('remoteAddress=192.168.1.6')).toEqual([]);
    });

    it('accepts addresses and ranges in a segment', async () => {
      expect(await acceptedBySegment('cidr-valid', [ranges])).toEqual([stored(ranges)]);
    });

    it('refuses a value that is neither an address nor a range, and an empty list', async () => {
      await seedFeature(t, 'cidr-invalid');
      expect((await createStrategy('cidr-invalid', [notAnAddress]).expect(400)).body).toEqual(
        refusal('/body/constraints/0/values/1', notAnAddressMessage),
      );
      expect((await createSegment('cidr-invalid', [notAnAddress]).expect(400)).body).toEqual(
        refusal('/body/constraints/0/values/1', notAnAddressMessage),
      );
      const empty = { contextName: 'remoteAddress', operator: 'IN_CIDR', values: [] };
      const emptyMessage =
        'The `/body/constraints/0/values` property must be a non-empty list of values: the IN_CIDR operator takes several values. You sent [].';
      expect((await createStrategy('cidr-invalid', [empty]).expect(400)).body).toEqual(refusal('/body/constraints/0/values', emptyMessage));
      expect((await admin('get', strategiesUrl('default', 'cidr-invalid', 'development')).expect(200)).body).toEqual([]);
    });
  });

  describe('SEMVER_*', () => {
    const semverMessage = (operator: string, value: string) =>
      `The \`/body/constraints/0/value\` property must be a semantic version such as 1.2.3 or 1.2.3-beta.1, with nothing before its first digit, for the ${operator} operator: the provided value is not a valid semver format. You sent ${JSON.stringify(value)}.`;

    it('refuses anything before the digits (v1.2.3, V1.2.3, =1.2.3, " 1.2.3"), as Unleash does, in strategies and segments', async () => {
      await seedFeature(t, 'semver-invalid');
      for (const value of ['v1.2.3', 'V1.2.3', '=1.2.3', ' 1.2.3']) {
        const constraint = { contextName: 'version', operator: 'SEMVER_GTE', value };
        expect((await createStrategy('semver-invalid', [constraint]).expect(400)).body).toEqual(
          refusal('/body/constraints/0/value', semverMessage('SEMVER_GTE', value)),
        );
        expect((await createSegment('semver-invalid', [constraint]).expect(400)).body).toEqual(
          refusal('/body/constraints/0/value', semverMessage('SEMVER_GTE', value)),
        );
      }
      expect((await admin('get', strategiesUrl('default', 'semver-invalid', 'development')).expect(200)).body).toEqual([]);
    });

    it('accepts 1.2.3 and 1.2.3-beta.1, stored as sent; the SDKs compare the version it names', async () => {
      const plain = { contextName: 'version', operator: 'SEMVER_GTE', value: '2.0.0' };
      const pre = { contextName: 'version', operator: 'SEMVER_LT', value: '1.2.3-beta.1' };
      expect(await acceptedByStrategy('semver-ok', [plain])).toEqual([stored(plain)]);
      expect(await frontendNames('properties[version]=2.1.0')).toEqual(['semver-ok']);
      expect(await frontendNames('properties[version]=1.9.9')).toEqual([]);
      expect(await acceptedBySegment('semver-ok', [plain, pre])).toEqual([stored(plain), stored(pre)]);
    });
  });
});
