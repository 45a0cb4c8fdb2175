import { patentRow } from '@patentscout/server/testing/patent-fixtures';

/** Two patents far apart, which the search tests tell apart by topic, class, year and status. */
export const solarPatent = patentRow({
  title: 'SOLAR ENERGY STORAGE FOR HOMES',
  abstract: 'Storing solar energy in a home battery cheaply.',
  first_ipc: 'H02J7/35',
  ipc_symbols: ['H02J7/35'],
  date_published: '2012-02-02',
  patent_status: 'EXPIRED',
});

export const pizzaPatent = patentRow({
  title: 'PIZZA OVEN',
  abstract: 'An oven for baking pizza.',
  first_ipc: 'A21B1/00',
  ipc_symbols: ['A21B1/00'],
});
