import { AppError } from '../../shared/errors.js';

export class UnknownPlanError extends AppError {
  constructor(plan: unknown) {
    super(
      'UNKNOWN_PLAN',
      `Unknown plan: ${typeof plan === 'string' && plan ? plan : '(none)'}. The plan on offer is "discover".`,
    );
  }
}

export class AlreadySubscribedError extends AppError {
  constructor() {
    super(
      'ALREADY_SUBSCRIBED',
      'You are already subscribed to the Discover plan. Use Manage billing to change or cancel it.',
    );
  }
}

export class NoBillingAccountError extends AppError {
  constructor() {
    super('NO_BILLING_ACCOUNT', 'There is no billing account yet: subscribe to the Discover plan first.');
  }
}

export class PaymentsUnavailableError extends AppError {
  constructor() {
    super('PAYMENTS_UNAVAILABLE', "Can't reach the payment provider right now. Please try again later.");
  }
}

export class WebhookSignatureError extends AppError {
  constructor(detail: string) {
    super('WEBHOOK_SIGNATURE_INVALID', `The webhook signature is not valid: ${detail}`);
  }
}

/** A correctly signed event that does not have the shape its type promises: refused, never a 500. */
export class WebhookEventInvalidError extends AppError {
  constructor(eventId: string | null, detail: string) {
    super(
      'WEBHOOK_EVENT_INVALID',
      `The webhook event ${eventId ?? '(without an id)'} is not a well-formed event of its type: ${detail}`,
    );
  }
}
