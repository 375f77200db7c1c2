import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { addIconAndManifest } from '../../../src/app/head-links';

const links = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link')].map((link) => [
    link.rel,
    link.getAttribute('href'),
  ]);

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

describe("the tab's icon and the manifest", () => {
  it('index.html links neither: its icon is an empty data address (no /favicon.ico asked for), no manifest', () => {
    const html = fs.readFileSync('index.html', 'utf8');
    expect(html).toContain('<link rel="icon" href="data:," />');
    expect(html).not.toContain('rel="manifest"');
  });

  it('once the first screen is shown, the icon points at the bundled logo and the manifest is linked', () => {
    document.head.innerHTML =
      '<link rel="icon" href="data:," /><link rel="apple-touch-icon" href="/apple-touch-icon.png" />';
    addIconAndManifest();
    expect(links()).toEqual([
      ['icon', '/logo.svg'],
      ['apple-touch-icon', '/apple-touch-icon.png'],
      ['manifest', '/manifest.webmanifest'],
    ]);
    // Again (another call): nothing doubled.
    addIconAndManifest();
    expect(document.head.querySelectorAll('link')).toHaveLength(3);
  });
});
