import sharp from 'sharp';

/**
 * The demo club's logo: a paddle crossed over a wave on the club's teal, drawn here so the demo needs no image
 * file and every run gives the same bytes. Square and opaque like most clubs' logos, so the home-screen icons
 * made from it look like the club's.
 */
export function demoClubLogoPng(accentColour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="96" fill="${accentColour}"/>
  <path d="M64 330 C 130 280, 190 380, 256 330 S 382 280, 448 330 L 448 392 C 382 342, 322 442, 256 392 S 130 342, 64 392 Z"
        fill="#ffffff" opacity="0.9"/>
  <g transform="rotate(-35 256 230)">
    <rect x="248" y="40" width="16" height="380" rx="8" fill="#fde68a"/>
    <path d="M256 20 C 286 40, 288 110, 256 140 C 224 110, 226 40, 256 20 Z" fill="#fde68a"/>
    <path d="M256 440 C 286 420, 288 350, 256 320 C 224 350, 226 420, 256 440 Z" fill="#fde68a"/>
  </g>
  <text x="256" y="470" font-family="DejaVu Sans, sans-serif" font-size="58" font-weight="bold"
        fill="#ffffff" text-anchor="middle">KCO</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
