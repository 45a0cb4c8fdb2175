import { Heading, Section, Text } from '@react-email/components';
import { EmailHeading, EmailLayout, EmailLink, emailStyles, EmailText } from '../../mail/index.js';

export interface DigestPatent {
  title: string;
  country: string;
  date: string;
  status: string;
  link: string;
  newFamily: boolean;
}

export interface DigestSection {
  query: string;
  kindLabel: string;
  resultsLink: string;
  patents: DigestPatent[];
  /** New patents beyond those listed. */
  more: number;
  unsubscribeLink: string;
}

/** The weekly digest: one section per saved search with something new. */
export function WeeklyDigest(props: {
  name: string;
  weekLabel: string;
  sections: DigestSection[];
  publicUrl: string;
  accountLink: string;
  unsubscribeAllLink: string;
}) {
  const total = props.sections.reduce((sum, section) => sum + section.patents.length + section.more, 0);
  return (
    <EmailLayout
      preview={`${total} new ${total === 1 ? 'patent' : 'patents'} for your searches, week ending ${props.weekLabel}`}
      publicUrl={props.publicUrl}
      reason="You get this e-mail because you asked for weekly updates on these searches. Manage them on your account page, or"
      unsubscribeUrl={props.unsubscribeAllLink}
    >
      <EmailHeading>New this week for your searches</EmailHeading>
      <EmailText>
        Hello {props.name}, here is what entered our index in the week ending {props.weekLabel}.
      </EmailText>
      {props.sections.map((section) => (
        <Section key={section.resultsLink} style={{ margin: '20px 0 0' }}>
          <Heading as="h2" style={{ ...emailStyles.heading, fontSize: 17 }}>
            {section.kindLabel}: “{section.query}”
          </Heading>
          {section.patents.map((patent) => (
            <Text key={patent.link} style={emailStyles.text}>
              <EmailLink href={patent.link}>{patent.title}</EmailLink>
              <br />
              <span style={emailStyles.muted}>
                {patent.country} · {patent.date} · {patent.status}
                {patent.newFamily ? ' · new family' : ''}
              </span>
            </Text>
          ))}
          <Text style={emailStyles.muted}>
            {section.more > 0 ? `And ${section.more} more. ` : ''}
            <EmailLink href={section.resultsLink}>See all results of this search</EmailLink>
            {' · '}
            <EmailLink href={section.unsubscribeLink}>Stop updates for this search</EmailLink>
          </Text>
        </Section>
      ))}
      <Text style={emailStyles.muted}>
        <EmailLink href={props.accountLink}>Your weekly updates</EmailLink>
      </Text>
    </EmailLayout>
  );
}
