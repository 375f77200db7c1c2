import type { Language } from '@common/contract/user';
import { render } from '@react-email/render';
import { catalogueText } from '../i18n/catalogue';
import { type MailAction, type MailBrand, MailLayout } from './html-layout';
import { signatureIn, signatureOf } from './signature';
import type { MailKind } from './template-types';

export interface ComposeInput {
  kind: MailKind;
  language: Language;
  subject: string;
  /** The template's plain text, ending with the signature (signature.ts). */
  text: string;
  /** Answer and event links, as buttons in HTML and as "label : URL" lines in text. */
  actions: MailAction[];
  preferences?: MailAction | undefined;
  /** A mail the member can switch off (the footer says why it came). */
  isSwitchable: boolean;
  brand: MailBrand;
  /** A template's own HTML (the weekly list's): kept as it is, and the club's layout is not rendered. */
  ownHtml?: string | undefined;
}

const URL_LINE = /^https?:\/\/\S+$/;
const linkLine = (language: Language, { label, href }: MailAction) =>
  `${label}${language === 'fr' ? ' : ' : ': '}${href}`;
const text = (language: Language, key: string) => catalogueText(language, 'mail_links', key);

/**
 * A mail's two parts from one source, so they never say different things: the plain text with its links, and the HTML
 * in the club's colours (react-email components, rendered here) with the
 * same paragraphs, the same links as buttons, and the same footer.
 */
export async function composeMail(input: ComposeInput): Promise<{ text: string; html: string }> {
  const { language } = input;
  // The signature is the text's last paragraph (« — Kayak Club de l'Odet », or an organiser's name before it):
  // the links go above it in the text, and the HTML shows it under the buttons. Unsigned, the club's name signs.
  const signed = signatureIn(input.text);
  const signature = signed ? `\n\n${signed}` : '';
  const body = signed ? input.text.slice(0, -signature.length) : input.text;

  const links = input.actions.map((action) => linkLine(language, action));
  const plain = [
    body,
    links.length > 0 ? `\n\n${links.join('\n')}` : '',
    signature,
    input.preferences ? `\n\n${linkLine(language, input.preferences)}` : '',
  ].join('');
  if (input.ownHtml !== undefined) return { text: plain, html: input.ownHtml };

  // A line that is only a URL (an invitation's or a reset's link) becomes the mail's main button.
  const inline: MailAction[] = [];
  const paragraphs = body
    .split(/\n{2,}/)
    .map((paragraph) =>
      paragraph.split('\n').filter((line) => {
        if (!URL_LINE.test(line.trim())) return true;
        const key = ['user_invitation', 'password_reset', 'account_lock', 'email_change_confirm'].includes(
          input.kind,
        )
          ? `${input.kind}_button`
          : 'link_button';
        inline.push({ label: text(language, key), href: line.trim() });
        return false;
      }),
    )
    .filter((lines) => lines.some((line) => line.trim() !== ''));
  const html = await render(
    <MailLayout
      brand={input.brand}
      content={{
        language,
        subject: input.subject,
        paragraphs,
        actions: [...inline, ...input.actions],
        footer: {
          text: text(language, input.isSwitchable ? 'footer_switchable' : 'footer_always'),
          ...(input.preferences ? { link: input.preferences } : {}),
        },
        signature: signed ?? signatureOf(input.brand.clubName).trim(),
      }}
    />,
  );
  return { text: plain, html };
}
