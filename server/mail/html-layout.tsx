import { MAPS_HOSTS } from '@common/contract/event';
import type { Language } from '@common/contract/user';
import { passesOnWhite, relativeLuminance } from '@common/rules/colour-contrast';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';

/** The club as its mails show it: name, colour (`#rrggbb`) and logo (an absolute URL). */
export interface MailBrand {
  clubName: string;
  accentColour: string;
  logoUrl: string;
}

export interface MailAction {
  label: string;
  href: string;
}

/** What one mail says, already in the recipient's language: the layout only arranges it. */
export interface MailContent {
  language: Language;
  subject: string;
  /** The body, paragraph by paragraph (lines within a paragraph kept). */
  paragraphs: string[][];
  /** Buttons, in order: the first is the main one. */
  actions: MailAction[];
  /** Below the signature: the preferences link, and why the mail was sent. */
  footer: { text: string; link?: MailAction };
  signature: string;
}

/**
 * White on the club's colour, as the app's buttons have it, whenever it reads at 4.5:1 (docs/rules.md#club-settings
 * refuses a colour under that, but one saved before the rule may be lighter); else black or white, whichever reads
 * better.
 */
export function textOn(hex: string): '#000000' | '#ffffff' {
  if (passesOnWhite(hex)) return '#ffffff';
  return relativeLuminance(hex) > 0.179 ? '#000000' : '#ffffff';
}

// Inline styles (mail clients drop most <style>), one <style> for dark mode where a client honours it.
const page: CSSProperties = {
  margin: 0,
  padding: '12px 8px',
  backgroundColor: '#f4f5f7',
  fontFamily: 'Arial, Helvetica, sans-serif',
  color: '#1c2430',
};
const card: CSSProperties = {
  maxWidth: '600px',
  width: '100%',
  backgroundColor: '#ffffff',
  borderRadius: '10px',
  overflow: 'hidden',
  border: '1px solid #d6dae0',
};
const text: CSSProperties = {
  fontSize: '16px',
  lineHeight: '24px',
  margin: '0 0 14px',
  overflowWrap: 'anywhere',
};
const DARK = `
@media (prefers-color-scheme: dark) {
  :root, body, .page, .page > table > tbody > tr > td { background-color: #12161c !important; color: #e8ebf0 !important; }
  .card { background-color: #1c222b !important; border-color: #3a424e !important; }
  .ink { color: #e8ebf0 !important; }
  .soft { color: #aab3bf !important; }
  .box { border-color: #3a424e !important; }
  .link { color: #8cc4ff !important; }
}`;

/** What every mail of the club is made in: the page, its dark-mode rules, and the white card. */
export function MailShell({
  language,
  title,
  preview,
  children,
}: {
  language: Language;
  title: string;
  preview: string;
  children: ReactNode;
}) {
  return (
    <Html lang={language}>
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{title}</title>
        <style>{DARK}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={page} className="page">
        {/* <main>: the message's one landmark, for screen readers of clients that show the HTML as a page. */}
        <main>
          <Container style={card} className="card">
            {children}
          </Container>
        </main>
      </Body>
    </Html>
  );
}

/** The club's band at the top of every mail: its colour, logo and name, and the slogan where one shows. */
export function ClubBand({
  brand,
  slogan,
  logoAlt = '',
}: {
  brand: MailBrand;
  slogan?: string;
  logoAlt?: string;
}) {
  const onAccent = textOn(brand.accentColour);
  return (
    <Section style={{ backgroundColor: brand.accentColour, padding: '14px 20px' }}>
      <table role="presentation" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
        <tbody>
          <tr>
            <td style={{ paddingRight: '12px', verticalAlign: 'middle' }}>
              <Img
                src={brand.logoUrl}
                alt={logoAlt}
                width="44"
                height="44"
                style={{ borderRadius: '8px', backgroundColor: '#ffffff' }}
              />
            </td>
            <td style={{ verticalAlign: 'middle' }}>
              <Text
                style={{
                  margin: 0,
                  fontSize: '19px',
                  fontWeight: 'bold',
                  color: onAccent,
                  overflowWrap: 'anywhere',
                }}
              >
                {brand.clubName}
              </Text>
              {slogan && (
                <Text
                  style={{ margin: '4px 0 0', fontSize: '14px', color: onAccent, overflowWrap: 'anywhere' }}
                >
                  {slogan}
                </Text>
              )}
            </td>
          </tr>
        </tbody>
      </table>
    </Section>
  );
}

const WEB_ADDRESS = /(https:\/\/[^\s<>"]+)/;
const linkStyle: CSSProperties = { color: '#0b5cad', textDecoration: 'underline', overflowWrap: 'anywhere' };

/** A maps link (the hosts an event's map link may name, docs/rules.md#limits): the one kind of address made a link. */
function isMapLink(url: string): boolean {
  try {
    return MAPS_HOSTS.includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * A line of the body with its maps links as links (a reminder's map, docs/rules.md#reminders), the rest as text: any
 * other address, an organiser's word included, stays text, as the HTML they may type does.
 */
function LineWithLinks({ line }: { line: string }) {
  const parts = line.split(WEB_ADDRESS);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 && isMapLink(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one static line, never reordered.
          <Link key={i} href={part} className="link" style={linkStyle}>
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** One mail as HTML: the club's header (logo, name, colour), the body, the buttons, the footer. */
export function MailLayout({ brand, content }: { brand: MailBrand; content: MailContent }) {
  const onAccent = textOn(brand.accentColour);
  const preview = content.paragraphs.flat().find((line) => line.trim() !== '') ?? content.subject;
  return (
    <MailShell language={content.language} title={content.subject} preview={preview}>
      <ClubBand brand={brand} />
      <Section style={{ padding: '20px 20px 8px' }}>
        <Heading
          as="h1"
          className="ink"
          style={{ fontSize: '20px', lineHeight: '28px', margin: '0 0 16px', overflowWrap: 'anywhere' }}
        >
          {content.subject}
        </Heading>
        {content.paragraphs.map((lines, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are static text, never reordered.
          <Text key={i} className="ink" style={text}>
            {lines.map((line, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are static text, never reordered.
              <span key={j}>
                {j > 0 && <br />}
                <LineWithLinks line={line} />
              </span>
            ))}
          </Text>
        ))}
        {content.actions.map((action, i) => (
          <Section key={action.href} style={{ margin: '0 0 12px' }}>
            <Button
              href={action.href}
              style={{
                display: 'inline-block',
                padding: '12px 18px',
                borderRadius: '8px',
                fontSize: '16px',
                fontWeight: 'bold',
                textDecoration: 'none',
                ...(i === 0
                  ? { backgroundColor: brand.accentColour, color: onAccent }
                  : {
                      backgroundColor: '#ffffff',
                      color: '#1c2430',
                      border: `2px solid ${brand.accentColour}`,
                    }),
              }}
            >
              {action.label}
            </Button>
          </Section>
        ))}
        <Text className="ink" style={{ ...text, margin: '18px 0 16px' }}>
          {content.signature}
        </Text>
      </Section>
      <Hr style={{ borderColor: '#d6dae0', margin: 0 }} />
      <Section style={{ padding: '12px 20px 16px' }}>
        <Text className="soft" style={{ fontSize: '13px', lineHeight: '20px', margin: 0, color: '#56606d' }}>
          {content.footer.text}
          {content.footer.link && (
            <>
              {' '}
              <Link href={content.footer.link.href} style={{ color: '#56606d', textDecoration: 'underline' }}>
                {content.footer.link.label}
              </Link>
            </>
          )}
        </Text>
      </Section>
    </MailShell>
  );
}
