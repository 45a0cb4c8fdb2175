import type { RestRoute } from '../../shared/rest.js';
import type { OneShotService } from './oneshot.service.js';

const safeFilename = (name: string) => name.replace(/["\\\r\n]/g, '_');

export function oneShotRoutes(oneShot: OneShotService): RestRoute[] {
  return [
    {
      method: 'POST',
      url: '/api/v1/oneshot-search',
      handler: async ({ viewer, body }) => ({ status: 202, body: await oneShot.request(viewer, body) }),
    },
    {
      method: 'GET',
      url: '/api/v1/oneshot-search/:id/report.pdf',
      handler: async ({ viewer, params }) => {
        const report = await oneShot.report(viewer, params.id);
        return {
          body: report.content,
          headers: {
            'content-type': report.contentType,
            'content-disposition': `attachment; filename="${safeFilename(report.filename)}"`,
            'cache-control': 'private, no-store',
          },
        };
      },
    },
  ];
}
