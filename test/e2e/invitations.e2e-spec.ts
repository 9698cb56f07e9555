import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET = '[0-9a-f]{64}';
const ASK = 'Ask your instance administrator for a new one.';
const HOUR = 3600_000;

/** A mail body as written, without quoted-printable's soft line breaks and escapes. */
const quotedPrintable = (body: string) => body.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('invitations and password resets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 100_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  let serial = 0;
  const admin = (method: 'get' | 'post' | 'put' | 'delete', url: string) => t.http()[method](url).set('Authorization', ADMIN_TOKEN);
  const createUser = async (fields: Record<string, unknown> = {}) => {
    serial += 1;
    const res = await admin('post', '/api/admin/user-admin')
      .send({ username: `invitee${serial}`, email: `invitee${serial}@example.com`, password: 'Sup3r-secret', rootRole: 3, ...fields })
      .expect(201);
    return res.body as { id: number; username: string; email: string };
  };
  const login = (username: string, password: string) => t.http().post('/auth/simple/login').send({ username, password });
  const linkFor = async (id: number) => {
    const res = await admin('post', '/api/admin/user-admin/reset-password')
      .send({ id: String(id) })
      .expect(200);
    return res.body as { resetPasswordUrl: string; emailSent: boolean };
  };
  const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
  const eventsOf = async (type: string) => (await admin('get', `/api/admin/events?type=${type}`).expect(200)).body.events;
  const refusal = (path: string, message: string) => ({
    id: expect.stringMatching(UUID),
    name: 'ValidationError',
    message,
    details: [{ path, message }],
  });

  describe('reset links', () => {
    it('hands the admin a single-use link without SMTP; it sets a password under the policy and ends the sessions', async () => {
      const user = await createUser();
      const session = (await login(user.username, 'Sup3r-secret').expect(200)).headers['set-cookie'] as unknown as string[];
      const link = await linkFor(user.id);
      expect(link).toEqual({
        resetPasswordUrl: expect.stringMatching(new RegExp(`^/reset-password\\?token=${SECRET}$`)),
        emailSent: false,
      });
      const token = tokenOf(link.resetPasswordUrl);

      const valid = await t.http().get(`/auth/reset/validate?token=${token}`).expect(200);
      expect(valid.body).toEqual({
        id: user.id,
        name: null,
        email: user.email,
        username: user.username,
        kind: 'reset',
        createdBy: 'init-admin-token',
        expiresAt: expect.any(String),
      });
      expect(Date.parse(valid.body.expiresAt) - t.clock.now().getTime()).toBeGreaterThan(23.9 * HOUR);

      const weak = await t.http().post('/auth/reset/password').send({ token, password: 'weakling' }).expect(400);
      expect(weak.body.details.map((detail: { path: string }) => detail.path)).toEqual(['/body/password']);
      await t.http().post('/auth/reset/password').send({ token, password: 'Brand-new-pass1' }).expect(200);
      await login(user.username, 'Brand-new-pass1').expect(200);
      await login(user.username, 'Sup3r-secret').expect(401);
      await t.http().get('/api/admin/user').set('Cookie', session[0].split(';')[0]).expect(401);

      const [created] = await eventsOf('password-reset-link-created');
      expect(created).toMatchObject({
        createdBy: 'init-admin-token',
        data: { id: user.id, username: user.username, email: user.email, kind: 'reset', expiresAt: valid.body.expiresAt },
      });
      const [used] = await eventsOf('password-reset-link-used');
      expect(used).toMatchObject({ createdBy: user.username, createdByUserId: user.id, data: { id: user.id, kind: 'reset' } });
      const [changed] = await eventsOf('user-password-changed');
      expect(changed).toMatchObject({ createdBy: user.username, data: { id: user.id } });

      // Used twice: a clear 400, and nothing changes.
      const again = await t.http().post('/auth/reset/password').send({ token, password: 'Third-pass-99' }).expect(400);
      const usedMessage = `This link has been used already: each link sets a password once. ${ASK}`;
      expect(again.body).toEqual(refusal('/body/token', usedMessage));
      const validated = await t.http().get(`/auth/reset/validate?token=${token}`).expect(400);
      expect(validated.body).toEqual(refusal('/query/token', usedMessage));
      await login(user.username, 'Brand-new-pass1').expect(200);
      expect(await eventsOf('password-reset-link-used')).toHaveLength(1);
    });

    it('makes a welcome link for a person without a password, good for a week', async () => {
      const user = await createUser({ password: undefined });
      const link = await linkFor(user.id);
      expect(link.resetPasswordUrl).toMatch(new RegExp(`^/new-user\\?token=${SECRET}$`));
      const token = tokenOf(link.resetPasswordUrl);
      t.clock.advance(6 * 24 * HOUR);
      expect((await t.http().get(`/auth/reset/validate?token=${token}`).expect(200)).body.kind).toBe('welcome');
      await t.http().post('/auth/reset/password').send({ token, password: 'Welcome-aboard-1' }).expect(200);
      await login(user.username, 'Welcome-aboard-1').expect(200);
    });

    it('finds the person by email too; 404 for nobody', async () => {
      const user = await createUser();
      await admin('post', '/api/admin/user-admin/reset-password').send({ id: user.email.toUpperCase() }).expect(200);
      const missing = await admin('post', '/api/admin/user-admin/reset-password').send({ id: 'nobody@example.com' }).expect(404);
      expect(missing.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NotFoundError',
        message: 'Could not find a user with id or email nobody@example.com.',
      });
    });

    it('refuses an expired link with a clear 400, changing nothing', async () => {
      const user = await createUser();
      const token = tokenOf((await linkFor(user.id)).resetPasswordUrl);
      const expiresAt = (await t.http().get(`/auth/reset/validate?token=${token}`).expect(200)).body.expiresAt;
      t.clock.advance(24 * HOUR + 1000);
      const res = await t.http().post('/auth/reset/password').send({ token, password: 'Brand-new-pass1' }).expect(400);
      expect(res.body).toEqual(refusal('/body/token', `This link expired at ${expiresAt}. ${ASK}`));
      await login(user.username, 'Sup3r-secret').expect(200);
    });

    it('kills a link once the password changes by any route', async () => {
      const user = await createUser();
      const token = tokenOf((await linkFor(user.id)).resetPasswordUrl);
      await admin('post', `/api/admin/user-admin/${user.id}/change-password`).send({ password: 'Admin-chosen-1' }).expect(200);
      const res = await t.http().post('/auth/reset/password').send({ token, password: 'Brand-new-pass1' }).expect(400);
      expect(res.body).toEqual(
        refusal('/body/token', `This link was made before the password last changed, so it no longer works. ${ASK}`),
      );
      await login(user.username, 'Admin-chosen-1').expect(200);
    });

    it('answers 404 for a link never made and for a removed user', async () => {
      const user = await createUser();
      const token = tokenOf((await linkFor(user.id)).resetPasswordUrl);
      await admin('delete', `/api/admin/user-admin/${user.id}`).expect(200);
      const notFound = {
        id: expect.stringMatching(UUID),
        name: 'NotFoundError',
        message: `This link is not valid: it was never made, or the person it was made for no longer exists. ${ASK}`,
      };
      expect((await t.http().get(`/auth/reset/validate?token=${token}`).expect(404)).body).toEqual(notFound);
      expect((await t.http().post('/auth/reset/password').send({ token, password: 'Brand-new-pass1' }).expect(404)).body).toEqual(notFound);
      expect(
        (
          await t
            .http()
            .get(`/auth/reset/validate?token=${'ab'.repeat(32)}`)
            .expect(404)
        ).body,
      ).toEqual(notFound);
    });

    it('checks a password against the policy', async () => {
      await t.http().post('/auth/reset/validate-password').send({ password: 'Long-enough-1' }).expect(200);
      const res = await t.http().post('/auth/reset/validate-password').send({ password: 'short' }).expect(400);
      expect(res.body.details).toEqual([
        {
          path: '/body/password',
          message:
            'The `/body/password` property must be 8 to 128 characters long and contain at least three of: a lower-case letter, an upper-case letter, a digit, a symbol.',
        },
      ]);
    });
  });

  describe('invite links (public sign-up tokens)', () => {
    const expiresIn = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

    it('makes an invite link shown once, lists it without its secret, and lets people sign up with its role', async () => {
      const created = await admin('post', '/api/admin/invite-link/tokens')
        .send({ name: 'Spring hires', expiresAt: expiresIn(48 * HOUR), rootRole: 'Editor' })
        .expect(201);
      const view = {
        id: expect.stringMatching(/^[0-9a-f]{64}$/),
        name: 'Spring hires',
        enabled: true,
        expiresAt: expect.any(String),
        createdAt: expect.any(String),
        createdBy: 'init-admin-token',
        role: { id: 2, name: 'Editor' },
      };
      expect(created.body).toEqual({
        ...view,
        secret: expect.stringMatching(new RegExp(`^${SECRET}$`)),
        url: `/invite/${created.body.secret}`,
      });
      const secret: string = created.body.secret;
      const listed = await admin('get', '/api/admin/invite-link/tokens').expect(200);
      expect(listed.body.tokens).toContainEqual(view);
      expect(JSON.stringify(listed.body)).not.toContain(secret);
      expect((await admin('get', `/api/admin/invite-link/tokens/${secret}`).expect(200)).body).toEqual(view);
      expect(created.body.id).toBe(listed.body.tokens.find((token: { name: string }) => token.name === 'Spring hires').id);

      await t.http().get(`/invite/${secret}/validate`).expect(200);
      const signedUp = await t
        .http()
        .post(`/invite/${secret}/signup`)
        .send({ email: 'New.Hire@example.com', name: 'New Hire', password: 'Joined-today-1' })
        .expect(200);
      expect(signedUp.body).toMatchObject({ email: 'new.hire@example.com', name: 'New Hire', rootRole: 2, accountType: 'User' });
      await login('new.hire@example.com', 'Joined-today-1').expect(200);
      const [added] = await eventsOf('public-signup-token-user-added');
      expect(added).toMatchObject({ createdBy: 'invite-link:Spring hires', data: { name: 'Spring hires', userId: signedUp.body.id } });
      const [made] = await eventsOf('user-created');
      expect(made).toMatchObject({ createdBy: 'invite-link:Spring hires', data: { id: signedUp.body.id } });
      const taken = await t.http().post(`/invite/${secret}/signup`).send({ email: 'new.hire@example.com', password: 'Joined-today-1' });
      expect(taken.status).toBe(409);
    });

    it('turns an invite off and on, and refuses it expired, disabled (400) or never made (404), changing nothing', async () => {
      const created = await admin('post', '/api/admin/invite-link/tokens')
        .send({ name: 'Short', expiresAt: expiresIn(HOUR) })
        .expect(201);
      const secret: string = created.body.secret;
      expect(created.body.role).toEqual({ id: 3, name: 'Viewer' });
      const disabled = await admin('put', `/api/admin/invite-link/tokens/${secret}`).send({ enabled: false }).expect(200);
      expect(disabled.body.enabled).toBe(false);
      const [updated] = await eventsOf('public-signup-token-updated');
      expect(updated).toMatchObject({ data: { name: 'Short', enabled: false }, preData: { name: 'Short', enabled: true } });
      const refused = await t.http().get(`/invite/${secret}/validate`).expect(400);
      const disabledMessage = `This invite link is disabled. ${ASK}`;
      expect(refused.body).toEqual(refusal('/params/token', disabledMessage));
      const signUp = () => t.http().post(`/invite/${secret}/signup`).send({ email: 'late@example.com', password: 'Joined-today-1' });
      expect((await signUp().expect(400)).body).toEqual(refusal('/params/token', disabledMessage));
      // An admin who never saw the secret names the invite by the list's id; the id signs nobody up.
      const { id } = created.body as { id: string };
      expect((await admin('get', `/api/admin/invite-link/tokens/${id}`).expect(200)).body).toMatchObject({ id, enabled: false });
      await t.http().get(`/invite/${id}/validate`).expect(404);
      await admin('put', `/api/admin/invite-link/tokens/${id}`).send({ enabled: true }).expect(200);
      t.clock.advance(HOUR + 1000);
      expect((await signUp().expect(400)).body).toEqual(refusal('/params/token', `This invite link is expired. ${ASK}`));
      await login('late@example.com', 'Joined-today-1').expect(401);
      const unknown = await t
        .http()
        .get(`/invite/${'cd'.repeat(32)}/validate`)
        .expect(404);
      expect(unknown.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'NotFoundError',
        message: 'This invite link is not valid: it was never made. Ask your instance administrator for one.',
      });
      await admin('get', `/api/admin/invite-link/tokens/${'cd'.repeat(32)}`).expect(404);
    });

    it('is for admins only', async () => {
      const user = await createUser();
      const cookie = ((await login(user.username, 'Sup3r-secret').expect(200)).headers['set-cookie'] as unknown as string[])[0].split(
        ';',
      )[0];
      await t.http().get('/api/admin/invite-link/tokens').set('Cookie', cookie).expect(403);
      await t
        .http()
        .post('/api/admin/user-admin/reset-password')
        .set('Cookie', cookie)
        .send({ id: String(user.id) })
        .expect(403);
    });
  });

  describe('with SMTP configured', () => {
    const mails: { to: string; body: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let body = '';
        stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','), body });
          callback();
        });
      },
    });
    let mailing: TestApp;
    beforeAll(async () => {
      smtp.listen(0, '127.0.0.1');
      await once(smtp.server, 'listening');
      const { port } = smtp.server.address() as AddressInfo;
      mailing = await createTestApp(
        {
          publicUrl: 'https://flags.example.com',
          email: { host: '127.0.0.1', port, sender: 'flags@example.com' },
          // Each forgotten-password test below comes from addresses of its own (X-Forwarded-For).
          trustProxy: ['loopback'],
        },
        t.database,
      );
    });
    afterAll(async () => {
      await mailing.app.close();
      await new Promise<void>((resolve) => smtp.close(resolve));
    });

    it('emails the link to the person and keeps it from the admin; the emailed link sets the password', async () => {
      const user = await createUser();
      const res = await mailing
        .http()
        .post('/api/admin/user-admin/reset-password')
        .set('Authorization', ADMIN_TOKEN)
        .send({ id: String(user.id) });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ emailSent: true });
      const mail = mails.find((candidate) => candidate.to === user.email)!;
      expect(mail.body).toContain('From: flags@example.com');
      expect(mail.body).toContain('Subject: Reset your Unleash password');
      const url = new RegExp(`https://flags\\.example\\.com/reset-password\\?token=(${SECRET})`).exec(quotedPrintable(mail.body))!;
      await mailing.http().post('/auth/reset/password').send({ token: url[1], password: 'From-my-inbox-1' }).expect(200);
      await login(user.username, 'From-my-inbox-1').expect(200);
    });

    it('hands the link to the admin when the person has no email', async () => {
      const user = await createUser({ email: undefined });
      const res = await mailing
        .http()
        .post('/api/admin/user-admin/reset-password')
        .set('Authorization', ADMIN_TOKEN)
        .send({ id: String(user.id) });
      expect(res.body).toEqual({
        resetPasswordUrl: expect.stringMatching(new RegExp(`^https://flags\\.example\\.com/reset-password\\?token=${SECRET}$`)),
        emailSent: false,
      });
    });

    describe('a forgotten password: POST /auth/reset/password-email', () => {
      const ask = (email: unknown, from: string) =>
        mailing.http().post('/auth/reset/password-email').set('X-Forwarded-For', from).send({ email });
      const mailsTo = (address: string) => mails.filter((mail) => mail.to === address);
      const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
      const mailTo = async (address: string, count = 1) => {
        for (let waited = 0; mailsTo(address).length < count && waited < 5000; waited += 50) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return mailsTo(address)[count - 1];
      };
      const linkIn = (mail: { body: string }) =>
        new RegExp(`https://flags\\.example\\.com/reset-password\\?token=(${SECRET})`).exec(quotedPrintable(mail.body))![1];

      it('mails a reset link to a known address (any case); the link sets the password', async () => {
        const user = await createUser();
        const res = await ask(user.email.toUpperCase(), '198.51.100.1');
        expect(res.status).toBe(200);
        expect(res.text).toBe('');
        const mail = await mailTo(user.email);
        expect(mail.body).toContain('Subject: Reset your Unleash password');
        const created = (await eventsOf('password-reset-link-created'))[0];
        expect(created).toMatchObject({ createdBy: 'unleash_system_user', data: { id: user.id, kind: 'reset' } });
        await mailing
          .http()
          .post('/auth/reset/password')
          .send({ token: linkIn(mail), password: 'Remembered-1' })
          .expect(200);
        await login(user.username, 'Remembered-1').expect(200);
      });

      it('answers an unknown address exactly as a known one, and mails nothing', async () => {
        const before = (await eventsOf('password-reset-link-created')).length;
        const res = await ask('nobody@example.com', '198.51.100.2');
        expect(res.status).toBe(200);
        expect(res.text).toBe('');
        await settle();
        expect(mailsTo('nobody@example.com')).toEqual([]);
        expect((await eventsOf('password-reset-link-created')).length).toBe(before);
      });

      it('mails one person at most once a minute, however often it is asked', async () => {
        const user = await createUser();
        await ask(user.email, '198.51.100.3').expect(200);
        await mailTo(user.email);
        await ask(user.email, '198.51.100.4').expect(200);
        await settle();
        expect(mailsTo(user.email)).toHaveLength(1);
        mailing.clock.advance(61_000);
        await ask(user.email, '198.51.100.5').expect(200);
        expect(await mailTo(user.email, 2)).toBeDefined();
      });

      it('takes one request per address per minute (PASSWORD_RESET_LIMIT_PER_MINUTE)', async () => {
        await ask('someone@example.com', '198.51.100.6').expect(200);
        const res = await ask('someone@example.com', '198.51.100.6').expect(429);
        expect(res.body).toEqual({
          id: expect.any(String),
          name: 'TooManyRequests',
          message: expect.stringMatching(/^Too many password reset requests from your address\. Try again in \d+ seconds?\.$/),
        });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      });

      it('refuses a body without an email, naming it', async () => {
        const res = await mailing.http().post('/auth/reset/password-email').set('X-Forwarded-For', '198.51.100.7').send({}).expect(400);
        expect(res.body).toMatchObject({ name: 'ValidationError', details: [expect.objectContaining({ path: '/body/email' })] });
      });

      it('answers the same without SMTP, and makes no link nobody could receive', async () => {
        const user = await createUser();
        const before = (await eventsOf('password-reset-link-created')).length;
        const res = await t.http().post('/auth/reset/password-email').send({ email: user.email });
        expect(res.status).toBe(200);
        expect(res.text).toBe('');
        await settle();
        expect((await eventsOf('password-reset-link-created')).length).toBe(before);
      });
    });
  });
});
