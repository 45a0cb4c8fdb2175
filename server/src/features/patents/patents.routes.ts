import type { RestRoute } from '../../shared/rest.js';
import type { PatentsService } from './patents.service.js';

export function patentsRoutes(patents: PatentsService): RestRoute[] {
  const getPatent: RestRoute['handler'] = async ({ params }) => ({
    body: await patents.getPatent(params.lensId),
  });
  return [
    { method: 'GET', url: '/api/v1/patents/:lensId', handler: getPatent },
    // NOTE: without an id the spec asks for "Lens ID is required." rather than a bare 404.
    { method: 'GET', url: '/api/v1/patents', handler: getPatent },
    { method: 'GET', url: '/api/v1/patents/', handler: getPatent },
  ];
}
