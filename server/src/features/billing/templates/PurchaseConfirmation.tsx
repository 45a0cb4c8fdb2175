import { EmailText } from '../../mail/index.js';
import { BillingEmail, ManageBillingText, type BillingMailProps } from './BillingEmail.js';

/** Sent once per completed checkout: the Discover plan is active. */
export function PurchaseConfirmation(props: BillingMailProps & { renewsOn: string | null }) {
  return (
    <BillingEmail
      {...props}
      preview="Your Discover plan is active"
      heading="Thank you for your purchase!"
      reason="You get this e-mail because you subscribed to the Discover plan."
    >
      <EmailText>
        Your Discover plan ($29 per month) is active: you can search without a monthly limit.
        {props.renewsOn ? ` It renews on ${props.renewsOn}.` : ''}
      </EmailText>
      <ManageBillingText
        lead="You can change your card or cancel at any time from"
        href={props.accountLink}
      />
    </BillingEmail>
  );
}
