import { EmailText } from '../../mail/index.js';
import { BillingEmail, MyAccountLink, type BillingMailProps } from './BillingEmail.js';

/**
 * Sent once per duplicate subscription cancelled: a second Discover subscription appeared (two
 * checkouts, or one made at the provider), the account keeps one, and the second's charge is
 * refunded.
 */
export function DuplicateSubscriptionCancelled(
  props: BillingMailProps & {
    /** The duplicate's start (YYYY-MM-DD), so the customer can match it with their statement. */
    startedOn: string | null;
    /** What was refunded, formatted ("$29.00"); null when nothing had been charged. */
    refunded: string | null;
    /** The kept subscription's next renewal (YYYY-MM-DD), when it renews. */
    renewsOn: string | null;
  },
) {
  return (
    <BillingEmail
      {...props}
      preview="We cancelled a second Discover subscription"
      heading="We cancelled a second Discover subscription"
      reason="You get this e-mail because your account had two Discover subscriptions."
    >
      <EmailText>
        Your account had two Discover plan subscriptions
        {props.startedOn ? ` (the second one started on ${props.startedOn})` : ''}. You only need one, so we
        cancelled the second one
        {props.refunded
          ? ` and refunded its charge of ${props.refunded} to your card. The refund may take 5 to 10 days to appear on your statement.`
          : '. It had not been charged.'}
      </EmailText>
      <EmailText>
        Your Discover plan stays active{props.renewsOn ? ` and renews on ${props.renewsOn}` : ''}. You can see
        it in
        <MyAccountLink href={props.accountLink} />.
      </EmailText>
    </BillingEmail>
  );
}
