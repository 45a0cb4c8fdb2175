/**
 * The features' insides that tests and benchmarks drive directly, below the HTTP layer: the mail
 * feature's parts, the search engine's stages (profiled one by one), the services the analytics
 * benchmark composes by hand, and the map runner. The one entry through which anything outside
 * server/ reaches inside a feature: the package lists no feature path. Nothing here imports
 * Vitest, so benchmarks load it outside a test run.
 */
export { createInsightsRepo } from '../features/analytics/insights.repo.js';
export { createInsightsService } from '../features/analytics/insights.service.js';
export { EmailLayout } from '../features/mail/index.js';
export { createMailRepo } from '../features/mail/mail.repo.js';
export { createMailService, MAIL_CLAIM_MS, mailMessageId } from '../features/mail/mail.service.js';
export { createMapRunner } from '../features/maps/map-runner.js';
export { plansOver } from '../features/plans/index.js';
export { createSearchAdmission } from '../features/search/admission.js';
export { createMeaningIndex } from '../features/search/engine/meaning/meaning-index.js';
export type { MeaningCandidates } from '../features/search/engine/meaning-blend.js';
export { naturalSearch } from '../features/search/engine/natural.js';
export { MEANING_CANDIDATES, MEANING_INDEX } from '../features/search/engine/plan.js';
export { createTermStatsSource } from '../features/search/engine/term-stats.js';
export { lexemesOf, weightedTerms } from '../features/search/engine/words.js';
export { createMeaningStatus } from '../features/search/meaning-status.js';
export { parseLensQuery } from '../features/search/query/parser.js';
export { createResultSetsRepo } from '../features/search/result-sets.repo.js';
export { createResultSets } from '../features/search/result-sets.service.js';
export { createSearchRepo } from '../features/search/search.repo.js';
export { createSearchService } from '../features/search/search.service.js';
