/**
 * A comment's text (docs/rules.md#talking-around-an-event): React text only, never HTML, so `<b>` or a
 * `<script>` typed in a message shows as typed. Only https addresses become links: http would send the reader
 * off unencrypted, and `javascript:` or `data:` addresses would run or show anything. Line breaks stay (CSS).
 */

/** A run of the text: plain, or an https address to link to. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const CANDIDATE = /https:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the address: « voir https://club.fr/sortie. » */
const TRAILING = /[.,;:!?'"»)\]]+$/;

function httpsHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' && url.hostname !== '' ? url.href : null;
  } catch {
    return null;
  }
}

export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  const plain = (to?: number) => {
    const run = text.slice(from, to);
    if (run) parts.push({ kind: 'text', text: run });
  };
  for (const match of text.matchAll(CANDIDATE)) {
    const address = match[0].replace(TRAILING, '');
    const href = httpsHref(address);
    // Not an address after all: it stays in the plain run around it.
    if (!href) continue;
    plain(match.index);
    parts.push({ kind: 'link', text: address, href });
    from = match.index + address.length;
  }
  plain();
  return parts;
}

export function CommentText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className}>
      {linkParts(text).map((part, index) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in a fixed order.
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
