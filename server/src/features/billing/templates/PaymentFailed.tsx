import { BillingEmail, ManageBillingText, type BillingMailProps } from './BillingEmail.js';

/** Sent once per failed renewal invoice. */
export function PaymentFailed(props: BillingMailProps) {
  return (
    <BillingEmail
      {...props}
      preview="We couldn't renew your Discover plan"
      heading="We couldn't renew your Discover plan"
      reason="You get this e-mail because you subscribe to the Discover plan."
    >
      <ManageBillingText
        lead="The payment for your Discover plan did not go through, and your searches are limited to the free plan's until it does. Please update your card in"
        href={props.accountLink}
      />
    </BillingEmail>
  );
}
