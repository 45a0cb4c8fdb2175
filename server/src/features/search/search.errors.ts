import { AppError } from '../../shared/errors.js';

export class SearchLimitReachedError extends AppError {
  constructor(limit: number) {
    super(
      'SEARCH_LIMIT_REACHED',
      `You've used your ${limit} free searches this month. Upgrade to the Discover plan to keep searching.`,
    );
  }
}

export class ResultSetNotFoundError extends AppError {
  constructor() {
    super(
      'RESULT_SET_NOT_FOUND',
      'These results have expired or do not exist. Run the search again to see current results.',
    );
  }
}
