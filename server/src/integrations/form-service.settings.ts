import { z } from 'zod';
import { defineSettings, port, type SettingsOf } from '../shared/settings.js';

/** Where the embedded mode's form-service stand-in takes the waiting-list form. */
export const LOCAL_FORM_SERVICE_PATH = '/subscribe';

/**
 * Where the waiting-list form posts (form-encoded, from the browser): an external form service,
 * or in the embedded mode the local stand-in that speaks its protocol on a port of its own.
 */
export const formServiceSettings = defineSettings({
  env: {
    MAILING_LIST_URL: z.string().url().optional(),
    MAILING_LIST_LOCAL_PORT: port.optional(),
  },
  requiredInProduction: ['MAILING_LIST_URL'],
  read(vars, { localPort }) {
    const formPort = vars.MAILING_LIST_LOCAL_PORT ?? localPort(12112);
    const localOrigin = `http://127.0.0.1:${formPort}`;
    const external = vars.MAILING_LIST_URL;
    return {
      mailingList: external
        ? { mode: 'external' as const, url: external }
        : { mode: 'local' as const, port: formPort, url: `${localOrigin}${LOCAL_FORM_SERVICE_PATH}` },
      modes: {
        mailingList: external
          ? `waiting list to the form service at ${new URL(external).origin}`
          : `waiting list to the local form service on port ${formPort} (entries: ${localOrigin}/)`,
      },
    };
  },
});

/** The waiting list's form service: external, or the local stand-in's port. */
export type MailingListSettings = SettingsOf<typeof formServiceSettings>['mailingList'];
