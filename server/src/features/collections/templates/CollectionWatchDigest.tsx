import { Heading, Section, Text } from '@react-email/components';
import { EmailHeading, EmailLayout, EmailLink, emailStyles, EmailText } from '../../mail/index.js';

export interface WatchChange {
  /** What happened, in words: "Legal status changed: ACTIVE → EXPIRED". */
  summary: string;
  /** The member it concerns, as its number or title. */
  member: string;
  /** The patent page (none for a patent that left the corpus). */
  link: string | null;
}

export interface WatchSection {
  collectionName: string;
  collectionLink: string;
  changes: WatchChange[];
  unsubscribeLink: string;
}

/** The weekly e-mail of changes in watched collections: one section per collection. */
export function CollectionWatchDigest(props: {
  name: string;
  weekLabel: string;
  sections: WatchSection[];
  publicUrl: string;
  unsubscribeLink: string;
}) {
  const total = props.sections.reduce((sum, section) => sum + section.changes.length, 0);
  return (
    <EmailLayout
      preview={`${total} ${total === 1 ? 'change' : 'changes'} in your collections, week ending ${props.weekLabel}`}
      publicUrl={props.publicUrl}
      reason="You get this e-mail because you watch these collections. Turn it off on a collection's page, or"
      unsubscribeUrl={props.unsubscribeLink}
    >
      <EmailHeading>What changed in your collections</EmailHeading>
      <EmailText>
        Hello {props.name}, here is what changed in the week ending {props.weekLabel}.
      </EmailText>
      {props.sections.map((section) => (
        <Section key={section.collectionLink} style={{ margin: '20px 0 0' }}>
          <Heading as="h2" style={{ ...emailStyles.heading, fontSize: 17 }}>
            <EmailLink href={section.collectionLink}>{section.collectionName}</EmailLink>
          </Heading>
          {section.changes.map((change, index) => (
            <Text key={index} style={emailStyles.text}>
              {change.link ? <EmailLink href={change.link}>{change.member}</EmailLink> : change.member}
              <br />
              <span style={emailStyles.muted}>{change.summary}</span>
            </Text>
          ))}
          <Text style={emailStyles.muted}>
            <EmailLink href={section.unsubscribeLink}>Stop e-mails for this collection</EmailLink>
          </Text>
        </Section>
      ))}
    </EmailLayout>
  );
}
