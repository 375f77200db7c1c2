import sharp from 'sharp';

/** A round avatar with the person's initials: the demo's "pictures for a few", the same on every run. */
export function avatarPng(firstName: string, lastName: string, colour: string): Promise<Buffer> {
  const initials = `${firstName[0] ?? ''}${lastName.replace(/^Le /, '')[0] ?? ''}`.toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <rect width="256" height="256" fill="${colour}"/>
  <text x="128" y="160" font-family="DejaVu Sans, sans-serif" font-size="110" font-weight="bold"
        fill="#ffffff" text-anchor="middle">${initials}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
