import Button from 'react-bootstrap/Button';
import { PRODUCT_NAME } from '@patentscout/schema';
import { useAccount } from '../../session/AccountProvider';
import { useAuth } from '../../session/AuthProvider';
import { clientSettings } from '../../session/config';

/** Opens a pre-filled e-mail to the product team, who put the user in touch with the owners. */
export function ContactOwnerButton({ lensId, docKey }: { lensId: string; docKey: string }) {
  const { authed, user } = useAuth();
  const { account } = useAccount();
  if (!authed) return null;
  const name = user?.displayName || account?.name || '';
  const email = user?.email || account?.email || '';
  const subject = `Contact patent owner(s): ${docKey}`;
  const body = [
    `Hello ${PRODUCT_NAME} team,`,
    '',
    `I would like to contact the owner(s) of this patent:`,
    `Patent ID: ${lensId}`,
    `Document: ${docKey}`,
    '',
    `My name: ${name}`,
    `My e-mail: ${email}`,
  ].join('\n');
  const href = `mailto:${clientSettings.contactEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  return (
    <Button href={href} variant="outline-primary">
      Contact Patent Owner(s)
    </Button>
  );
}
