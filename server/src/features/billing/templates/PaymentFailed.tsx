import { BillingEmail, ManageBillingText } from './BillingEmail.js';

/** Sent once per failed renewal invoice. */
export function PaymentFailed(props: { name: string; accountLink: string; publicUrl: string }) {
  return (
    <BillingEmail
      preview="We couldn't renew your Discover plan"
      heading="We couldn't renew your Discover plan"
      reason="You get this e-mail because you subscribe to the Discover plan."
      name={props.name}
      publicUrl={props.publicUrl}
    >
      <ManageBillingText
        lead="The payment for your Discover plan did not go through, and your searches are limited to the free plan's until it does. Please update your card in"
        href={props.accountLink}
      />
    </BillingEmail>
  );
}
