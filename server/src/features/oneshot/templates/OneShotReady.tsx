import { Text } from '@react-email/components';
import { EmailHeading, EmailLayout, EmailLink, emailStyles, EmailText } from '../../mail/index.js';

/** The one-shot search's e-mail: the report is attached, and listed under Previous Searches. */
export function OneShotReady(props: {
  name: string;
  query: string;
  families: number;
  requestId: string;
  publicUrl: string;
  previousSearchesLink: string;
}) {
  return (
    <EmailLayout
      preview={`Your one-shot search is ready: ${props.families} patent families`}
      publicUrl={props.publicUrl}
      reason="You get this e-mail because you ordered a one-shot search."
    >
      <EmailHeading>Your one-shot search is ready</EmailHeading>
      <EmailText>Hello {props.name},</EmailText>
      <EmailText>
        We searched deeply for “{props.query}” and found {props.families} patent{' '}
        {props.families === 1 ? 'family' : 'families'}. The report is attached as a PDF.
      </EmailText>
      <EmailText>
        <EmailLink href={props.previousSearchesLink}>Your previous searches</EmailLink> {'keep it too.'}
      </EmailText>
      <Text style={emailStyles.muted}>Request {props.requestId}</Text>
    </EmailLayout>
  );
}
