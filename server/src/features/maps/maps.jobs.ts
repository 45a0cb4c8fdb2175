import type { JobDefinition } from '../../jobs/job-definition.js';
import type { Clock } from '../../shared/clock.js';
import type { MapsService } from './maps.service.js';

export function mapsJobs(maps: MapsService, clock: Clock): JobDefinition[] {
  return [
    {
      // Kept maps go when the result sets they were drawn from do (MAP_RETENTION_MS).
      name: 'maps.purge-maps',
      schedule: '50 4 * * *',
      async handler(_payload, { logger }) {
        const purged = await maps.purgeExpired(clock.now());
        if (purged > 0) logger.info({ purged }, 'expired result maps purged');
      },
    },
  ];
}
