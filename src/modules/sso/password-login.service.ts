import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ROLE } from '../../core/access/permissions.js';
import type { Actor } from '../../core/access/principal.js';
import { Clock } from '../../core/clock.js';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';
import { Database } from '../../core/database/database.js';
import { type PasswordLoginPolicy, PasswordLoginPort } from '../auth/index.js';
import { EVENT, EventService } from '../events/index.js';
import { AuthSettingsStore } from './auth-settings.store.js';
import { passwordLoginDisabled } from './sso.errors.js';

/** The setting's name in events, as Unleash names it. */
export const SIMPLE_SETTING_ID = 'unleash.auth.simple';

/** Unleash's `passwordAuthSchema`-like body of `/api/admin/auth/simple/settings`. */
export interface PasswordLoginSettings {
  disabled: boolean;
}

/**
 * Whether people may log in with a password (Unleash's simple auth settings). Turned off, every password login is
 * refused before its password is checked, whoever it names, but the break-glass admin's (`sso.breakGlassUsername`):
 * that name goes on to the ordinary check and must then be a person with the Admin root role. `auth`'s login asks
 * it through `PasswordLoginPort`, which this service implements at start.
 */
@Injectable()
export class PasswordLoginService implements PasswordLoginPolicy, OnModuleInit {
  constructor(
    private readonly port: PasswordLoginPort,
    private readonly store: AuthSettingsStore,
    private readonly db: Database,
    private readonly events: EventService,
    private readonly clock: Clock,
    @Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig,
  ) {}

  onModuleInit(): void {
    this.port.implementWith(this);
  }

  async settings(): Promise<PasswordLoginSettings> {
    const stored = await this.store.read('simple');
    return { disabled: stored?.disabled === true };
  }

  async update(input: PasswordLoginSettings, actor: Actor): Promise<PasswordLoginSettings> {
    await this.db.transaction(async () => {
      const before = await this.store.read('simple');
      await this.store.write('simple', { disabled: input.disabled }, this.clock.now());
      await this.events.record({
        type: before ? EVENT.SETTING_UPDATED : EVENT.SETTING_CREATED,
        actor,
        data: { id: SIMPLE_SETTING_ID, disabled: input.disabled },
        preData: before ? { id: SIMPLE_SETTING_ID, disabled: before.disabled === true } : undefined,
      });
    });
    return this.settings();
  }

  /** Before the password is checked: refuses every name but the break-glass admin's while password login is off. */
  async refuseUnlessAllowed(loginName: string): Promise<void> {
    if (!(await this.settings()).disabled) return;
    if (loginName.trim() !== this.config.sso.breakGlassUsername) throw passwordLoginDisabled();
  }

  /** After the password held: while password login is off, the break-glass name must be an admin's. */
  async refuseUnlessAdmin(rootRole: number): Promise<void> {
    if ((await this.settings()).disabled && rootRole !== ROLE.ADMIN) throw passwordLoginDisabled();
  }
}
