import { z } from 'zod';
import type { RestRoute } from '../../shared/rest.js';
import { parseInput } from '../../shared/validation.js';
import type { MailService } from './mail.service.js';

const MessageParams = z.object({ id: z.coerce.number().int().positive() });
const AttachmentParams = MessageParams.extend({ index: z.coerce.number().int().min(0) });

/** A file name safe inside a quoted Content-Disposition parameter. */
const safeFilename = (name: string) => name.replace(/["\\\r\n]/g, '_');

/**
 * The dev mailbox's API (embedded mode only: there is no other mailbox there). Unauthenticated,
 * like the rest of `/dev/`, since the embedded mode listens on loopback for its one developer.
 */
export function devMailboxRoutes(mail: MailService): RestRoute[] {
  return [
    {
      method: 'GET',
      url: '/dev/outbox',
      handler: async () => ({ body: { messages: await mail.listReceived() } }),
    },
    {
      method: 'GET',
      url: '/dev/outbox/:id',
      handler: async ({ params }) => ({
        body: await mail.readReceived(parseInput(MessageParams, params).id),
      }),
    },
    {
      method: 'GET',
      url: '/dev/outbox/:id/attachments/:index',
      handler: async ({ params }) => {
        const { id, index } = parseInput(AttachmentParams, params);
        const attachment = await mail.receivedAttachment(id, index);
        return {
          body: attachment.content,
          headers: {
            'content-type': attachment.contentType,
            'content-disposition': `attachment; filename="${safeFilename(attachment.filename)}"`,
          },
        };
      },
    },
  ];
}
