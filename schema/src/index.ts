export * from './product.js';
export * from './legal-statuses.js';
