import type { Language } from '@common/contract/user';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties } from 'react';
import { ClubBand, type MailBrand, MailShell } from './html-layout';

/** One event of the list, already in words: its name (cancelled said in it) and its lines of facts. */
export interface WeeklyEventLines {
  name: string;
  details: string[];
  link: string;
  isCancelled: boolean;
}

/** The weekly list as its words are: the layout only arranges them, as MailLayout does for the others. */
export interface WeeklyListContent {
  language: Language;
  title: string;
  slogan: string;
  logoAlt: string;
  greeting: string;
  /** The line over the events, or the one saying there are none. */
  intro: string;
  events: WeeklyEventLines[];
  openLabel: string;
  signature: string;
  footer: { text: string; link: { label: string; href: string } };
}

const paragraph: CSSProperties = { fontSize: '16px', lineHeight: '24px', margin: '0 0 12px' };
const box: CSSProperties = {
  margin: '0 0 16px',
  padding: '12px',
  border: '1px solid #d6dae0',
  borderRadius: '6px',
};
const link: CSSProperties = { color: '#0b5cad', textDecoration: 'underline' };

/**
 * The weekly list in the club's layout: the same shell, band and dark mode as every other mail, with the slogan under
 * the club's name and one box per event linking to its sheet.
 */
export function WeeklyListLayout({ brand, content }: { brand: MailBrand; content: WeeklyListContent }) {
  return (
    <MailShell language={content.language} title={content.title} preview={content.title}>
      <ClubBand brand={brand} slogan={content.slogan} logoAlt={content.logoAlt} />
      <Section style={{ padding: '20px 20px 8px' }}>
        <Text className="ink" style={paragraph}>
          {content.greeting}
        </Text>
        <Heading as="h1" className="ink" style={{ fontSize: '20px', lineHeight: '28px', margin: '0 0 12px' }}>
          {content.title}
        </Heading>
        <Text className="ink" style={paragraph}>
          {content.intro}
        </Text>
        {content.events.map((event) => (
          <Section key={`${event.link} ${event.details[0]}`} className="box" style={box}>
            {/* A cancelled event says so in words (in its name); the line-through only repeats it. */}
            <Text
              className="ink"
              style={{
                margin: '0 0 6px',
                fontSize: '17px',
                lineHeight: '24px',
                fontWeight: 'bold',
                overflowWrap: 'anywhere',
                ...(event.isCancelled ? { textDecoration: 'line-through' } : {}),
              }}
            >
              {event.name}
            </Text>
            {event.details.map((line) => (
              <Text
                key={line}
                className="ink"
                style={{ margin: '0 0 4px', fontSize: '15px', lineHeight: '22px' }}
              >
                {line}
              </Text>
            ))}
            <Text style={{ margin: '8px 0 0', fontSize: '15px', lineHeight: '22px' }}>
              <Link href={event.link} className="link" style={link}>
                {content.openLabel}
              </Link>
            </Text>
          </Section>
        ))}
        <Text className="ink" style={{ ...paragraph, margin: '16px 0' }}>
          — {content.signature}
        </Text>
        <Text
          className="soft"
          style={{ fontSize: '13px', lineHeight: '20px', margin: '0 0 16px', color: '#56606d' }}
        >
          {content.footer.text}{' '}
          <Link href={content.footer.link.href} className="link" style={link}>
            {content.footer.link.label}
          </Link>
        </Text>
      </Section>
    </MailShell>
  );
}
