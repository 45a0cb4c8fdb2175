import { AppError } from '../../shared/errors.js';

export class ResultSetNotFoundError extends AppError {
  constructor() {
    super(
      'RESULT_SET_NOT_FOUND',
      'These results have expired or do not exist. Run the search again to see current results.',
    );
  }
}
