import { describe, expect, it } from 'vitest';
import { linkParts } from '../../../../src/features/events/comments/comment-text';

// A comment's links (docs/rules.md#talking-around-an-event): https addresses only, everything else stays text.
describe('links in a comment', () => {
  it('links https addresses, without the punctuation that ends the sentence', () => {
    expect(linkParts('Le plan : https://club.fr/plan.pdf. (voir https://club.fr/a)')).toEqual([
      { kind: 'text', text: 'Le plan : ' },
      { kind: 'link', text: 'https://club.fr/plan.pdf', href: 'https://club.fr/plan.pdf' },
      { kind: 'text', text: '. (voir ' },
      { kind: 'link', text: 'https://club.fr/a', href: 'https://club.fr/a' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('leaves http, javascript:, data: and a bare scheme as text', () => {
    for (const text of [
      'http://club.fr',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https:// rien',
      'ftp://club.fr',
    ]) {
      expect(linkParts(text), text).toEqual([{ kind: 'text', text }]);
    }
  });

  it('reads HTTPS in capitals, and links to the address as the browser reads it', () => {
    expect(linkParts('HTTPS://Club.FR/Sortie')).toEqual([
      { kind: 'link', text: 'HTTPS://Club.FR/Sortie', href: 'https://club.fr/Sortie' },
    ]);
  });
});
