import type { ReactNode } from 'react';
import { EmailHeading, EmailLayout, EmailLink, EmailText } from '../../mail/index.js';

/** What every billing message is written for: the reader's name and where their account is. */
export interface BillingMailProps {
  name: string;
  accountLink: string;
  publicUrl: string;
}

/** Every billing message: its heading, then a greeting by name, then what it has to say. */
export function BillingEmail(
  props: BillingMailProps & { preview: string; heading: string; reason: string; children?: ReactNode },
) {
  return (
    <EmailLayout preview={props.preview} publicUrl={props.publicUrl} reason={props.reason}>
      <EmailHeading>{props.heading}</EmailHeading>
      <EmailText>Hello {props.name},</EmailText>
      {props.children}
    </EmailLayout>
  );
}

/**
 * The account page, where Manage billing opens the provider's portal; with the space before it,
 * so a sentence runs straight into it (`see it in<MyAccountLink />.`).
 */
export function MyAccountLink(props: { href: string }) {
  return (
    <>
      {' '}
      <EmailLink href={props.href}>My Account</EmailLink>
    </>
  );
}

/** A paragraph that ends by sending the reader to Manage billing on the account page. */
export function ManageBillingText(props: { lead: string; href: string }) {
  return (
    <EmailText>
      {props.lead}
      <MyAccountLink href={props.href} /> {'(Manage billing).'}
    </EmailText>
  );
}
