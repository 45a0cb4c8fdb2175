import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { PRODUCT_NAME } from '@patentscout/schema';
import type { ReactNode } from 'react';

const BRAND = '#0d6efd';

/**
 * The product's frame for every message: its name, the content, and a footer that says why the
 * message came (and, for digests, how to stop it). Inline styles only: mail clients drop style
 * sheets.
 */
export function EmailLayout(props: {
  preview: string;
  publicUrl: string;
  children?: ReactNode;
  /** Why the reader gets this message. */
  reason: string;
  unsubscribeUrl?: string;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: '#f4f6f9', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 }}>
        <Container style={{ maxWidth: 600, margin: '0 auto', padding: '24px 12px' }}>
          <Section style={{ padding: '12px 0' }}>
            <Link
              href={props.publicUrl}
              style={{ color: BRAND, fontSize: 22, fontWeight: 700, textDecoration: 'none' }}
            >
              {PRODUCT_NAME}
            </Link>
          </Section>
          <Section style={{ backgroundColor: '#ffffff', borderRadius: 8, padding: '20px 24px' }}>
            {props.children}
          </Section>
          <Hr style={{ borderColor: '#dde2e8', margin: '20px 0 12px' }} />
          <Text style={{ color: '#6c757d', fontSize: 12, lineHeight: '18px', margin: 0 }}>
            {props.reason}
            {props.unsubscribeUrl ? (
              <>
                {' '}
                <Link href={props.unsubscribeUrl} style={{ color: '#6c757d' }}>
                  Unsubscribe
                </Link>
                .
              </>
            ) : null}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const emailStyles = {
  heading: { color: '#212529', fontSize: 20, margin: '0 0 12px' },
  text: { color: '#212529', fontSize: 15, lineHeight: '22px', margin: '0 0 12px' },
  muted: { color: '#6c757d', fontSize: 13, lineHeight: '19px', margin: '0 0 8px' },
  link: { color: BRAND },
  button: {
    backgroundColor: BRAND,
    borderRadius: 6,
    color: '#ffffff',
    display: 'inline-block',
    fontSize: 15,
    padding: '10px 18px',
    textDecoration: 'none',
  },
} as const;
