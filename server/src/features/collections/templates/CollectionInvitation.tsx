import { Heading, Link, Text } from '@react-email/components';
import { EmailLayout, emailStyles } from '../../mail/index.js';

/** An invitation to a collection, as a viewer or an editor. */
export function CollectionInvitation(props: {
  inviter: string;
  collectionName: string;
  role: 'viewer' | 'editor';
  acceptLink: string;
  email: string;
  publicUrl: string;
}) {
  const part = props.role === 'editor' ? 'view and edit' : 'view';
  return (
    <EmailLayout
      preview={`${props.inviter} shared the collection “${props.collectionName}” with you`}
      publicUrl={props.publicUrl}
      reason={`You get this e-mail because ${props.inviter} invited ${props.email} to a collection.`}
    >
      <Heading as="h1" style={emailStyles.heading}>
        {props.inviter} shared a collection with you
      </Heading>
      <Text style={emailStyles.text}>
        You are invited to {part} the collection “{props.collectionName}”. Sign in (or register) with{' '}
        {props.email} to accept.
      </Text>
      <Text style={emailStyles.text}>
        <Link href={props.acceptLink} style={emailStyles.link}>
          Open the collection
        </Link>
      </Text>
    </EmailLayout>
  );
}
