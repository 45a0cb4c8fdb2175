import { describe, expect, it } from 'vitest';
import { mayApply } from './subscription-state.js';

const subscription = (id: string, status: string) => ({
  id,
  customerId: 'cus_1',
  status,
  currentPeriodEnd: null,
  cancelAt: null,
});

describe('mayApply', () => {
  it('follows the account’s own subscription through its statuses', () => {
    expect(mayApply({ subscriptionId: null, status: null }, subscription('sub_1', 'active'))).toBe(true);
    expect(mayApply({ subscriptionId: 'sub_1', status: 'active' }, subscription('sub_1', 'past_due'))).toBe(
      true,
    );
    expect(mayApply({ subscriptionId: 'sub_1', status: 'past_due' }, subscription('sub_1', 'canceled'))).toBe(
      true,
    );
  });

  it('never resurrects an ended subscription', () => {
    expect(mayApply({ subscriptionId: 'sub_1', status: 'canceled' }, subscription('sub_1', 'active'))).toBe(
      false,
    );
    expect(mayApply({ subscriptionId: 'sub_1', status: 'canceled' }, subscription('sub_1', 'canceled'))).toBe(
      true,
    );
  });

  it('lets a new subscription replace an ended one, but an old one’s end not end a live one', () => {
    expect(mayApply({ subscriptionId: 'sub_1', status: 'canceled' }, subscription('sub_2', 'active'))).toBe(
      true,
    );
    expect(mayApply({ subscriptionId: 'sub_2', status: 'active' }, subscription('sub_1', 'canceled'))).toBe(
      false,
    );
    expect(mayApply({ subscriptionId: 'sub_2', status: 'active' }, subscription('sub_1', 'active'))).toBe(
      false,
    );
  });
});
