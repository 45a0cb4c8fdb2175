import { Heading, Link, Text } from '@react-email/components';
import { EmailLayout, emailStyles } from '../../mail/index.js';

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
      <Heading as="h1" style={emailStyles.heading}>
        Your one-shot search is ready
      </Heading>
      <Text style={emailStyles.text}>Hello {props.name},</Text>
      <Text style={emailStyles.text}>
        We searched deeply for “{props.query}” and found {props.families} patent{' '}
        {props.families === 1 ? 'family' : 'families'}. The report is attached as a PDF.
      </Text>
      <Text style={emailStyles.text}>
        <Link href={props.previousSearchesLink} style={emailStyles.link}>
          Your previous searches
        </Link>{' '}
        keep it too.
      </Text>
      <Text style={emailStyles.muted}>Request {props.requestId}</Text>
    </EmailLayout>
  );
}
