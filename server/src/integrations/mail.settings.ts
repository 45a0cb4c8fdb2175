import { z } from 'zod';
import { defineSettings, port, type SettingsOf } from '../shared/settings.js';

/** Where mail goes: an SMTP relay, or the embedded SMTP server that feeds the dev mailbox. */
export const mailSettings = defineSettings({
  env: {
    SMTP_URL: z
      .string()
      .trim()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().trim().min(3).default('PatentScout <no-reply@patentscout.localhost>'),
    MAIL_SMTP_PORT: port.optional(),
  },
  requiredInProduction: ['SMTP_URL', 'MAIL_FROM'],
  read(vars, { localPort }) {
    const smtpPort = vars.MAIL_SMTP_PORT ?? localPort(2525);
    return {
      mail: vars.SMTP_URL
        ? { mode: 'smtp' as const, url: vars.SMTP_URL, from: vars.MAIL_FROM }
        : { mode: 'local' as const, port: smtpPort, from: vars.MAIL_FROM },
      modes: {
        mail: vars.SMTP_URL
          ? `SMTP (${new URL(vars.SMTP_URL).host})`
          : `local SMTP server on port ${smtpPort}`,
      },
    };
  },
});

/** The mail transport's settings: an SMTP relay, or the embedded SMTP server's port. */
export type MailTransportSettings = SettingsOf<typeof mailSettings>['mail'];
