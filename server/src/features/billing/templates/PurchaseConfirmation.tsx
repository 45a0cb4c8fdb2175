import { Heading, Link, Text } from '@react-email/components';
import { EmailLayout, emailStyles } from '../../mail/index.js';

/** Sent once per completed checkout: the Discover plan is active. */
export function PurchaseConfirmation(props: {
  name: string;
  renewsOn: string | null;
  accountLink: string;
  publicUrl: string;
}) {
  return (
    <EmailLayout
      preview="Your Discover plan is active"
      publicUrl={props.publicUrl}
      reason="You get this e-mail because you subscribed to the Discover plan."
    >
      <Heading as="h1" style={emailStyles.heading}>
        Thank you for your purchase!
      </Heading>
      <Text style={emailStyles.text}>Hello {props.name},</Text>
      <Text style={emailStyles.text}>
        Your Discover plan ($29 per month) is active: you can search without a monthly limit.
        {props.renewsOn ? ` It renews on ${props.renewsOn}.` : ''}
      </Text>
      <Text style={emailStyles.text}>
        You can change your card or cancel at any time from{' '}
        <Link href={props.accountLink} style={emailStyles.link}>
          My Account
        </Link>{' '}
        (Manage billing).
      </Text>
    </EmailLayout>
  );
}
