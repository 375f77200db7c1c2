import { describe, expect, it } from 'vitest';
import { type ComposeInput, composeMail } from '../../../server/mail/compose-mail';
import { signatureOf } from '../../../server/mail/signature';

const input: ComposeInput = {
  kind: 'weekly_event_list',
  language: 'fr',
  subject: 'Les événements de la semaine',
  text: `Bonjour,\n\nKayak, mardi 1 décembre à 18 h.${signatureOf('Les Pagayeurs')}`,
  actions: [{ label: 'Voir la semaine', href: 'https://club.example.org/' }],
  isSwitchable: true,
  brand: { clubName: 'Les Pagayeurs', accentColour: '#0f766e', logoUrl: 'https://club.example.org/logo.png' },
};

describe('composing a mail', () => {
  it("keeps a template's own HTML as it is, with the same text part as the club's layout gives", async () => {
    const inLayout = await composeMail(input);
    expect(inLayout.html).toContain('Les Pagayeurs');
    const own = '<!doctype html><html><body><p>La semaine</p></body></html>';
    const kept = await composeMail({ ...input, ownHtml: own });
    expect(kept.html).toBe(own);
    expect(kept.text).toBe(inLayout.text);
    expect(kept.text).toContain('Voir la semaine : https://club.example.org/');
  });

  it('puts the links above the signature, which the HTML shows under its buttons; a maps link in the text is a link, no other', async () => {
    const map = 'https://www.openstreetmap.org/search?query=Glenan';
    const { text, html } = await composeMail({
      ...input,
      kind: 'group_email',
      text: `Carte : ${map}\nLe plan : https://example.org/glenan${signatureOf('Les Pagayeurs', 'Gwen Le Bihan')}`,
    });
    expect(text).toBe(
      `Carte : ${map}\nLe plan : https://example.org/glenan\n\nVoir la semaine : https://club.example.org/\n\n— Gwen Le Bihan, Les Pagayeurs`,
    );
    expect(html).toContain('— Gwen Le Bihan, Les Pagayeurs');
    expect(html).toMatch(/<a [^>]*href="https:\/\/www\.openstreetmap\.org\/search\?query=Glenan"/);
    expect(html).not.toContain('href="https://example.org/glenan"');
    expect(html.indexOf('Voir la semaine')).toBeLessThan(html.indexOf('— Gwen Le Bihan'));
  });
});
