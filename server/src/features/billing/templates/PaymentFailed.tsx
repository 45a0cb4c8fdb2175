import { Heading, Link, Text } from '@react-email/components';
import { EmailLayout, emailStyles } from '../../mail/index.js';

/** Sent once per failed renewal invoice. */
export function PaymentFailed(props: { name: string; accountLink: string; publicUrl: string }) {
  return (
    <EmailLayout
      preview="We couldn't renew your Discover plan"
      publicUrl={props.publicUrl}
      reason="You get this e-mail because you subscribe to the Discover plan."
    >
      <Heading as="h1" style={emailStyles.heading}>
        We couldn't renew your Discover plan
      </Heading>
      <Text style={emailStyles.text}>Hello {props.name},</Text>
      <Text style={emailStyles.text}>
        The payment for your Discover plan did not go through, and your searches are limited to the free
        plan's until it does. Please update your card in{' '}
        <Link href={props.accountLink} style={emailStyles.link}>
          My Account
        </Link>{' '}
        (Manage billing).
      </Text>
    </EmailLayout>
  );
}
