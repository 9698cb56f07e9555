import { testConfig } from '../../core/testing/config.js';
import { failure } from '../../core/testing/failure.js';
import { fakeDatabase } from '../../core/testing/fake-database.js';
import { FixedClock } from '../../core/testing/fixed-clock.js';
import { ACTOR } from '../../core/testing/principals.js';
import { PasswordLoginPort } from '../auth/index.js';
import { recordingEvents } from '../events/testing/event-store.fake.js';
import { OIDC_DEFAULTS, OidcSettingsService } from './oidc-settings.service.js';
import { PasswordLoginService } from './password-login.service.js';
import { FakeAuthSettingsStore } from './testing/auth-settings.store.fake.js';

const ENABLED = { enabled: true, discoverUrl: ' https://idp.example.com ', clientId: 'flagwright', secret: 'top-secret' };

function setup(options: Parameters<typeof testConfig>[0] = {}) {
  const store = new FakeAuthSettingsStore();
  const { events, eventStore } = recordingEvents();
  const config = testConfig(options);
  const oidc = new OidcSettingsService(store, fakeDatabase(), events, new FixedClock(), config);
  const port = new PasswordLoginPort();
  const passwordLogin = new PasswordLoginService(port, store, fakeDatabase(), events, new FixedClock(), config);
  passwordLogin.onModuleInit();
  return { oidc, passwordLogin, port, store, recorded: eventStore.recorded };
}

describe('OidcSettingsService', () => {
  it('stores the secret sealed, answers it masked, and keeps it when the mask comes back', async () => {
    const { oidc, store, recorded } = setup();
    expect(await oidc.forAdmin()).toEqual({ ...OIDC_DEFAULTS, fromEnvironment: false });
    const answered = await oidc.update(ENABLED, ACTOR);
    expect(answered).toEqual({
      ...OIDC_DEFAULTS,
      ...ENABLED,
      discoverUrl: 'https://idp.example.com',
      secret: '********',
      fromEnvironment: false,
    });
    expect(JSON.stringify(store.rows.get('oidc'))).not.toContain('top-secret');
    expect((await oidc.current()).secret).toBe('top-secret');
    await oidc.update({ ...ENABLED, secret: '********', autoCreate: true }, ACTOR);
    expect(await oidc.current()).toMatchObject({ secret: 'top-secret', autoCreate: true });
    const shown = { ...answered, fromEnvironment: undefined };
    expect(recorded.map((event) => [event.type, event.data, event.preData])).toEqual([
      ['setting-created', { id: 'unleash.enterprise.auth.oidc', ...shown }, undefined],
      [
        'setting-updated',
        { id: 'unleash.enterprise.auth.oidc', ...shown, autoCreate: true },
        { id: 'unleash.enterprise.auth.oidc', ...shown },
      ],
    ]);
    expect(JSON.stringify(recorded)).not.toContain('top-secret');
  });

  it('refuses to enable without what the flow needs', async () => {
    const { oidc } = setup();
    expect((await failure(oidc.update({ enabled: true, discoverUrl: 'https://idp.example.com' }, ACTOR))).details).toEqual([
      { path: '/body/clientId', message: 'The `/body/clientId` property is required to enable single sign-on with OpenID Connect.' },
    ]);
    expect(await oidc.isEnabled()).toBe(false);
  });

  it('answers an empty secret when the key changed since it was sealed', async () => {
    const { oidc, store } = setup();
    await oidc.update(ENABLED, ACTOR);
    const other = new OidcSettingsService(
      store,
      fakeDatabase(),
      recordingEvents().events,
      new FixedClock(),
      testConfig({ sso: { secretKey: 'a-different-key-0123' } }),
    );
    expect(await other.current()).toMatchObject({ enabled: true, secret: '' });
  });

  it('takes settings given by the host, and refuses to change them', async () => {
    const { oidc } = setup({ sso: { oidc: { ...ENABLED, defaultRootRole: 'Viewer' } } });
    expect(await oidc.forAdmin()).toMatchObject({ enabled: true, secret: '********', defaultRootRole: 'Viewer', fromEnvironment: true });
    expect((await failure(oidc.update({ enabled: false }, ACTOR))).name).toBe('ValidationError');
  });
});

describe('PasswordLoginService', () => {
  it('refuses every name but the break-glass one while password login is off, and that one only for an admin', async () => {
    // Asked as auth's login asks it: through the port it implements.
    const { passwordLogin, port, recorded } = setup({ bootstrap: { adminUsername: 'root', adminPassword: 'x' } });
    await port.refuseUnlessAllowed('anyone');
    await passwordLogin.update({ disabled: true }, ACTOR);
    expect((await failure(port.refuseUnlessAllowed('anyone'))).message).toBe('Logging in with username/password has been disabled.');
    await port.refuseUnlessAllowed(' root ');
    await port.refuseUnlessAdmin(1);
    expect((await failure(port.refuseUnlessAdmin(2))).name).toBe('AuthenticationRequired');
    await passwordLogin.update({ disabled: false }, ACTOR);
    await port.refuseUnlessAllowed('anyone');
    expect(recorded.map((event) => [event.type, event.data, event.preData])).toEqual([
      ['setting-created', { id: 'unleash.auth.simple', disabled: true }, undefined],
      ['setting-updated', { id: 'unleash.auth.simple', disabled: false }, { id: 'unleash.auth.simple', disabled: true }],
    ]);
  });
});
