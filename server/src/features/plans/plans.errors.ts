import { AppError } from '../../shared/errors.js';

export class SearchLimitReachedError extends AppError {
  constructor(limit: number) {
    super(
      'SEARCH_LIMIT_REACHED',
      `You've used your ${limit} free searches this month. Upgrade to the Discover plan to keep searching.`,
    );
  }
}
