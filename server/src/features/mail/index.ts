import type { FeatureDeps, FeatureModule } from '../feature-module.js';
import { mailJobs } from './mail.jobs.js';
import { createMailRepo } from './mail.repo.js';
import { devMailboxRoutes } from './mail.routes.js';
import { createMailService, type MailService } from './mail.service.js';
import type { MailFeatureSettings } from './mail.settings.js';

export type { MailService, MailToSend } from './mail.service.js';
export type { MailFeatureSettings } from './mail.settings.js';
export { EmailLayout, emailStyles } from './templates/EmailLayout.js';
export { EmailHeading, EmailLink, EmailText } from './templates/email-parts.js';

/** E-mail: every message is queued here and sent by the `mail.flush` job through `deps.mailer`. */
export function createMailFeature(
  deps: FeatureDeps,
  settings: MailFeatureSettings,
): FeatureModule<MailService> {
  const service = createMailService({
    repo: createMailRepo(deps.db),
    mailer: deps.mailer,
    from: settings.from,
    publicUrl: settings.publicUrl,
    jobs: deps.jobs,
    logger: deps.logger,
  });
  return {
    service,
    routes: settings.localMail ? devMailboxRoutes(service) : [],
    jobs: mailJobs(service),
  };
}
