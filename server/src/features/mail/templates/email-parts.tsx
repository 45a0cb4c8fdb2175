import { Heading, Link, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { emailStyles } from './EmailLayout.js';

/** The pieces every message is written in, so each reads in the same type and colours. */
export function EmailHeading(props: { children?: ReactNode }) {
  return (
    <Heading as="h1" style={emailStyles.heading}>
      {props.children}
    </Heading>
  );
}

export function EmailText(props: { children?: ReactNode }) {
  return <Text style={emailStyles.text}>{props.children}</Text>;
}

export function EmailLink(props: { href: string; children?: ReactNode }) {
  return (
    <Link href={props.href} style={emailStyles.link}>
      {props.children}
    </Link>
  );
}
