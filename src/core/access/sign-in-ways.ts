import { Injectable } from '@nestjs/common';

/** A way to sign in besides the password form, as Unleash lists it (`options` of its 401). */
export interface SignInOption {
  /** `oidc` */
  type: string;
  /** The button's label. */
  message: string;
  /** Where the sign-in starts (with the base path). */
  path: string;
}

/**
 * How people sign in, as Unleash's 401 to a request without credentials tells its login page: the password form
 * (`type` and `path`, its login route), whether it is hidden (`defaultHidden`: password login is off but for the
 * break-glass admin) and the other ways (`options`, absent when there are none).
 */
export interface SignInWaysJson {
  path: string;
  type: 'password';
  defaultHidden: boolean;
  options?: SignInOption[];
}

/** What the module keeping the sign-in settings answers: the form's visibility and the other ways. */
export interface SignInSettings {
  defaultHidden: boolean;
  options: SignInOption[];
}

/**
 * The sign-in ways the auth guard adds to its 401 for a request without credentials. Core reads no sign-in setting:
 * the sso module hands its reader over when Nest builds it; without it, only the password form is open.
 */
@Injectable()
export class SignInWays {
  private settings: () => Promise<SignInSettings> = () => Promise.resolve({ defaultHidden: false, options: [] });

  handOver(settings: () => Promise<SignInSettings>): void {
    this.settings = settings;
  }

  async describe(loginPath: string): Promise<SignInWaysJson> {
    const { defaultHidden, options } = await this.settings();
    return { path: loginPath, type: 'password', defaultHidden, ...(options.length > 0 ? { options } : {}) };
  }
}
