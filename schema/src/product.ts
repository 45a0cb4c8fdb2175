/** The product's name: every text that names the product uses this constant. */
export const PRODUCT_NAME = 'PatentScout';
export const PRODUCT_VERSION = '1.0.0';
export const DISCOVER_PLAN_PRICE_USD = 29;
export const AI_SEARCH_MIN_CHARACTERS = 20;
export const YEAR_MIN = 1824;
export const YEAR_MAX = 2050;
