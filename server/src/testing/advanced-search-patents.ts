import { patentRow } from './patent-fixtures.js';

/**
 * The advanced search tests' corpus (`features/search/engine/advanced*.test.ts`): three patents
 * that every field and operator of the Lens syntax tells apart.
 */
export const valves = patentRow({
  title: 'CHECK VALVES FOR PUMPS',
  abstract: 'A solar powered pump with two valves.',
  claims: 'A pump comprising a valve body.',
  inventors: ['SMITH JOHN'],
  applicants: ['ACME PUMPS INC'],
  owners: ['ACME HOLDINGS'],
  ipc_symbols: ['F16K15/00', 'F04B53/10'],
  first_ipc: 'F16K15/00',
  cpc_symbols: ['F16K15/021'],
  jurisdiction: 'US',
  doc_number: '7654321',
  kind: 'B2',
  date_published: '2010-02-02',
  earliest_priority_date: '2008-05-01',
  publication_type: 'GRANTED_PATENT',
  patent_status: 'ACTIVE',
});
export const solarCell = patentRow({
  title: 'SOLAR CELL MODULE',
  abstract: 'The cell converts light. A thin solar film covers the silicon cell.',
  claims: 'A module with a lithium storage.',
  inventors: ['DOE JANE'],
  applicants: ['THE UNIVERSITY OF MELBOURNE'],
  ipc_symbols: ['H01L31/04'],
  first_ipc: 'H01L31/04',
  jurisdiction: 'EP',
  doc_number: '0227762',
  kind: 'B1',
  date_published: '2016-06-15',
  earliest_priority_date: null,
  publication_type: 'GRANTED_PATENT',
  patent_status: 'EXPIRED',
});
export const battery = patentRow({
  title: 'LITHIUM BATTERY',
  abstract: 'Electrodes for a rechargeable battery.',
  claims: 'A battery electrode coated with solar grade silicon.',
  inventors: ['SMITH ANNA'],
  applicants: ['CSIRO'],
  ipc_symbols: ['H01M4/13', 'H01M10/05'],
  first_ipc: 'H01M4/13',
  jurisdiction: 'AU',
  doc_number: '2019100123',
  kind: 'A1',
  date_published: '2019-09-09',
  earliest_priority_date: '2018-09-09',
  publication_type: 'PATENT_APPLICATION',
  patent_status: 'PENDING',
});
export const ALL = [valves, solarCell, battery];
