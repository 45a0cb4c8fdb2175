import { EmailHeading, EmailLayout, EmailLink, EmailText } from '../../mail/index.js';

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
      <EmailHeading>{props.inviter} shared a collection with you</EmailHeading>
      <EmailText>
        You are invited to {part} the collection “{props.collectionName}”. Sign in (or register) with{' '}
        {props.email} to accept.
      </EmailText>
      <EmailText>
        <EmailLink href={props.acceptLink}>Open the collection</EmailLink>
      </EmailText>
    </EmailLayout>
  );
}
