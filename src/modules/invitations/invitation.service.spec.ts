import { ROLE } from '../../core/access/permissions.js';
import { FakeAccessReadModel } from '../../core/testing/access-read-model.fake.js';
import { testConfig } from '../../core/testing/config.js';
import { failure } from '../../core/testing/failure.js';
import { fakeDatabase } from '../../core/testing/fake-database.js';
import { FakePasswordHasher } from '../../core/testing/fake-password-hasher.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { ACTOR } from '../../core/testing/principals.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import { SessionService } from '../sessions/session.service.js';
import { FakeSessionStore } from '../sessions/testing/session-store.fake.js';
import { FakeUserReadModel } from '../users/testing/user-read-model.fake.js';
import { FakeUserStore } from '../users/testing/user-store.fake.js';
import { UserService } from '../users/user.service.js';
import { InvitationService } from './invitation.service.js';
import { LinkMailer, type LinkMail } from './link-mailer.js';
import { FakeResetTokenStore, FakeSignupTokenStore } from './testing/invitation-stores.fake.js';

/** A mailer that keeps what it is asked to send, as if an SMTP server took it. */
class RecordingMailer extends LinkMailer {
  readonly sent: LinkMail[] = [];
  constructor(private readonly accepts: boolean) {
    super(testConfig());
  }
  override get configured(): boolean {
    return true;
  }
  override async send(mail: LinkMail): Promise<boolean> {
    if (this.accepts) this.sent.push(mail);
    return this.accepts;
  }
}

function setup({ mail }: { mail?: RecordingMailer } = {}) {
  const users = new FakeUserStore();
  const ada = users.add({ username: 'ada', email: 'ada@example.com', password_hash: 'fake:old', root_role_id: ROLE.EDITOR });
  const newcomer = users.add({ username: 'newcomer', email: 'new@example.com', root_role_id: ROLE.VIEWER });
  const clock = new FixedClock(new Date('2024-05-01T10:00:00.000Z'));
  const config = testConfig({ publicUrl: 'https://flags.example.com/' });
  const db = fakeDatabase();
  const { events, eventStore } = recordingEvents(clock);
  const readModel = new FakeUserReadModel(users);
  const sessions = new SessionService(new FakeSessionStore(), events, db, clock, config);
  const userService = new UserService(
    users,
    readModel,
    new FakeAccessReadModel(),
    db,
    events,
    sessions,
    new FakePasswordHasher(),
    clock,
    config,
  );
  const resets = new FakeResetTokenStore();
  const invites = new FakeSignupTokenStore();
  const mailer = mail ?? new LinkMailer(config);
  const service = new InvitationService(resets, invites, readModel, userService, events, mailer, db, clock, config);
  return { service, users, ada, newcomer, resets, clock, recorded: eventStore.recorded };
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

describe('InvitationService', () => {
  it('makes a reset link under publicUrl, stores only its digest, and sets the password once', async () => {
    const { service, ada, resets, users, recorded } = setup();
    const link = await service.createResetLink(String(ada.id), ACTOR);
    expect(link).toEqual({
      resetPasswordUrl: expect.stringMatching(/^https:\/\/flags\.example\.com\/reset-password\?token=[0-9a-f]{64}$/),
      emailSent: false,
    });
    const token = tokenOf(link.resetPasswordUrl!);
    expect([...resets.rows.keys()]).not.toContain(token);
    expect(await service.validateResetLink(token, '/query/token')).toEqual({
      id: ada.id,
      name: null,
      email: 'ada@example.com',
      username: 'ada',
      kind: 'reset',
      createdBy: ACTOR.username,
      expiresAt: '2024-05-02T10:00:00.000Z',
    });
    await service.resetPassword(token, 'New-password-1');
    expect(users.row(ada.id)!.password_hash).toBe('fake:New-password-1');
    expect((await failure(service.resetPassword(token, 'Other-password-1'))).details).toEqual([
      {
        path: '/body/token',
        message: 'This link has been used already: each link sets a password once. Ask your instance administrator for a new one.',
      },
    ]);
    expect(users.row(ada.id)!.password_hash).toBe('fake:New-password-1');
    expect(recorded.map((event) => event.type)).toEqual([
      'password-reset-link-created',
      'password-reset-link-used',
      'user-password-changed',
    ]);
  });

  it('makes a week-long welcome link for a person without a password, and kills a link when the password changes', async () => {
    const { service, newcomer, ada, users } = setup();
    const welcome = await service.createResetLink('NEW@example.com', ACTOR);
    expect(welcome.resetPasswordUrl).toMatch(/^https:\/\/flags\.example\.com\/new-user\?token=/);
    expect((await service.validateResetLink(tokenOf(welcome.resetPasswordUrl!), '/query/token')).expiresAt).toBe(
      '2024-05-08T10:00:00.000Z',
    );
    expect(newcomer.id).not.toBe(ada.id);
    const reset = tokenOf((await service.createResetLink(String(ada.id), ACTOR)).resetPasswordUrl!);
    users.row(ada.id)!.password_hash = 'fake:changed-elsewhere';
    expect((await failure(service.validateResetLink(reset, '/query/token'))).message).toBe(
      'This link was made before the password last changed, so it no longer works. Ask your instance administrator for a new one.',
    );
  });

  it('sends the link by email when it can, keeping it from the admin; hands it over when sending fails', async () => {
    const accepting = new RecordingMailer(true);
    const { service, ada } = setup({ mail: accepting });
    expect(await service.createResetLink(String(ada.id), ACTOR)).toEqual({ emailSent: true });
    expect(accepting.sent).toEqual([
      {
        to: 'ada@example.com',
        subject: 'Reset your Flagwright password',
        text: expect.stringContaining('https://flags.example.com/reset-password?token='),
      },
    ]);
    const refusing = setup({ mail: new RecordingMailer(false) });
    expect((await refusing.service.createResetLink(String(refusing.ada.id), ACTOR)).emailSent).toBe(false);
  });

  it('signs people up with an invite until it is disabled or expires', async () => {
    const { service, users, clock, recorded } = setup();
    const invite = await service.createInvite({ name: 'Team', expiresAt: new Date('2024-05-02T10:00:00.000Z'), rootRole: 'Editor' }, ACTOR);
    expect(invite).toMatchObject({ url: `https://flags.example.com/invite/${invite.secret}`, role: { id: ROLE.EDITOR, name: 'Editor' } });
    const user = await service.signUp(invite.secret, { email: 'joiner@example.com', password: 'Joined-today-1' });
    expect(users.row(user.id)).toMatchObject({
      email: 'joiner@example.com',
      root_role_id: ROLE.EDITOR,
      password_hash: 'fake:Joined-today-1',
    });
    await service.updateInvite(invite.secret, { enabled: false }, ACTOR);
    expect((await failure(service.validateInvite(invite.secret))).message).toBe(
      'This invite link is disabled. Ask your instance administrator for a new one.',
    );
    await service.updateInvite(invite.secret, { enabled: true }, ACTOR);
    clock.advance(24 * 3600_000);
    expect((await failure(service.validateInvite(invite.secret))).message).toBe(
      'This invite link is expired. Ask your instance administrator for a new one.',
    );
    expect((await failure(service.getInvite('nope'))).name).toBe('NotFoundError');
    expect(recorded.map((event) => event.type)).toEqual([
      'public-signup-token-created',
      'user-created',
      'public-signup-token-user-added',
      'public-signup-token-updated',
      'public-signup-token-updated',
    ]);
  });
});
