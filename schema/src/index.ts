export * from './product.js';
export * from './legal-statuses.js';
export * from './lens-record.js';
export * from './reference/industries.js';
export * from './reference/countries.js';
export * from './reference/kind-codes.js';
export * from './reference/ipc-sections.js';
export * from './reference/research-institutions.js';
