import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { FLAGWRIGHT_CONFIG, type FlagwrightConfig } from '../../core/config/flagwright-config.js';

export interface LinkMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends links by email through the configured SMTP server (nodemailer). Without one configured, `configured` is
 * false and the caller hands the link to the admin instead.
 */
@Injectable()
export class LinkMailer implements OnModuleDestroy {
  private readonly logger = new Logger('Flagwright');
  private transport?: Transporter;

  constructor(@Inject(FLAGWRIGHT_CONFIG) private readonly config: FlagwrightConfig) {}

  get configured(): boolean {
    return this.config.email !== undefined;
  }

  /** Whether the server accepted the mail; a refusal is logged, not thrown: the admin still gets the link. */
  async send(mail: LinkMail): Promise<boolean> {
    const email = this.config.email;
    if (!email) return false;
    this.transport ??= createTransport({
      host: email.host,
      port: email.port,
      secure: email.secure ?? false,
      ...(email.user ? { auth: { user: email.user, pass: email.password ?? '' } } : {}),
    });
    try {
      await this.transport.sendMail({ from: email.sender, ...mail });
      return true;
    } catch (error) {
      this.logger.warn(`Could not send the email to ${mail.to}: ${(error as Error).message}`);
      return false;
    }
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
