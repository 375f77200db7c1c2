import fs from 'node:fs';

/** Debian's Chromium only: tools' own browser downloads cannot reach their hosts here. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export function hasChromium(): boolean {
  return fs.existsSync(chromiumPath());
}

// Without the background-networking flags Chromium keeps dialling out to hosts this machine cannot reach.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
