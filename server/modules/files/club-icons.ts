import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { LIMITS } from '@common/contract/limits';
import { relativeLuminance } from '@common/rules/colour-contrast';
import sharp from 'sharp';
import { withDecodeSlot } from './decode-slots';
import { writeAtomically } from './file-store';

/**
 * The club's home-screen icons (docs/rules.md#club-settings), made from its logo into its public folder beside
 * logo.png: two for launchers that keep transparency, a maskable one whose logo stays inside the 80 % safe
 * circle, and an opaque one for iOS (which shows transparency as black). Without a usable logo, the bundled
 * icons of the build stand in.
 */
export const CLUB_ICONS = {
  icon192: 'icon-192.png',
  icon512: 'icon-512.png',
  maskable512: 'icon-maskable-512.png',
  apple: 'apple-touch-icon.png',
} as const;
export type ClubIcon = keyof typeof CLUB_ICONS;

/** The build's own icons (public/icons/), served while the club has none. */
export const FALLBACK_ICONS: Readonly<Record<ClubIcon, string>> = {
  icon192: '/icons/icon-192.png',
  icon512: '/icons/icon-512.png',
  maskable512: '/icons/icon-maskable-512.png',
  apple: '/icons/apple-touch-icon.png',
};

const LOGO = 'logo.png';
const WHITE = '#ffffff';
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
/** Mean luminance of a logo's visible pixels above which white would hide it: it then sits on the accent colour. */
const LIGHT_LOGO = 0.75;

export type IconsOutcome = 'made' | 'no-logo' | 'fallback';

/** The logo fitted inside `width`×`height` (aspect kept, small logos enlarged), as a PNG with alpha. */
async function fitted(logo: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(logo, { limitInputPixels: LIMITS.imagePixelsMax })
    .autoOrient()
    .ensureAlpha()
    .resize(Math.max(1, width), Math.max(1, height), { fit: 'inside', background: TRANSPARENT })
    .png()
    .toBuffer();
}

/** `logo` centred on a `size`² canvas of `background` (a colour, or transparent). */
async function onCanvas(
  logo: Buffer,
  size: number,
  background: string | typeof TRANSPARENT,
): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: logo, gravity: 'centre' }])
    .png()
    .toBuffer();
}

/**
 * Whether the logo's visible pixels are light on average (alpha-weighted WCAG luminance): a white or pale
 * logo would vanish on a white tile, so its opaque icons take the accent colour instead.
 */
async function isLightLogo(logo: Buffer): Promise<boolean> {
  const { data, info } = await sharp(logo, { limitInputPixels: LIMITS.imagePixelsMax })
    .ensureAlpha()
    .resize(64, 64, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let weight = 0;
  let sum = 0;
  for (let at = 0; at < data.length; at += info.channels) {
    const alpha = (data[at + 3] ?? 0) / 255;
    if (alpha === 0) continue;
    const hex = `#${[data[at], data[at + 1], data[at + 2]].map((v) => (v ?? 0).toString(16).padStart(2, '0')).join('')}`;
    sum += relativeLuminance(hex) * alpha;
    weight += alpha;
  }
  return weight > 0 && sum / weight > LIGHT_LOGO;
}

/** The logo's width and height scaled so its diagonal is `diagonal`: it then fits any circle of that size. */
function withinCircle(width: number, height: number, diagonal: number): [number, number] {
  const scale = diagonal / Math.hypot(width, height);
  return [Math.floor(width * scale), Math.floor(height * scale)];
}

/** The tile colour of the opaque icons (maskable, iOS): white, or the accent colour under a light logo. */
async function tileColour(logo: Buffer, accentColour: string): Promise<string> {
  return (await isLightLogo(logo)) ? accentColour : WHITE;
}

async function opaqueIcons(logo: Buffer, width: number, height: number, tile: string) {
  // The maskable safe zone is a centred circle of 80 % of the side: the logo's whole box stays in it.
  const [maskW, maskH] = withinCircle(width, height, 512 * 0.8);
  // iOS rounds the corners a little: 80 % of the side, as a box, stays clear of them.
  return {
    maskable512: await onCanvas(await fitted(logo, maskW, maskH), 512, tile),
    apple: await onCanvas(await fitted(logo, 144, 144), 180, tile),
  };
}

async function readLogo(dir: string): Promise<Buffer | undefined> {
  try {
    return await fsp.readFile(path.join(dir, LOGO));
  } catch {
    return undefined;
  }
}

async function removeIcons(dir: string): Promise<void> {
  await Promise.all(Object.values(CLUB_ICONS).map((name) => fsp.rm(path.join(dir, name), { force: true })));
}

async function writeIcons(dir: string, icons: Partial<Record<ClubIcon, Buffer>>): Promise<void> {
  for (const [icon, content] of Object.entries(icons) as Array<[ClubIcon, Buffer]>)
    await writeAtomically(dir, CLUB_ICONS[icon], content);
}

/**
 * Makes every icon from the logo in `dir` (the club's public folder), one decode slot at a time. No logo:
 * none is left ('no-logo'). A logo sharp cannot read: none is left either, and the bundled icons stand in
 * ('fallback'); never a throw, so a bad file cannot fail the upload or the start that asked.
 */
export async function makeClubIcons(dir: string, accentColour: string): Promise<IconsOutcome> {
  const logo = await readLogo(dir);
  if (!logo) {
    await removeIcons(dir);
    return 'no-logo';
  }
  try {
    const icons = await withDecodeSlot(async () => {
      const { width, height } = await sharp(logo, { limitInputPixels: LIMITS.imagePixelsMax }).metadata();
      if (!width || !height) throw new Error('no size');
      // 5 % of transparent margin on each side for the launchers that show the icon as it is.
      return {
        icon192: await onCanvas(await fitted(logo, 173, 173), 192, TRANSPARENT),
        icon512: await onCanvas(await fitted(logo, 460, 460), 512, TRANSPARENT),
        ...(await opaqueIcons(logo, width, height, await tileColour(logo, accentColour))),
      };
    });
    await writeIcons(dir, icons);
    return 'made';
  } catch {
    await removeIcons(dir);
    return 'fallback';
  }
}

/**
 * After an accent colour change: the opaque icons are made again when they sit on the accent colour (a light
 * logo); on white they do not depend on it and are left alone.
 */
export async function remakeOpaqueIcons(dir: string, accentColour: string): Promise<void> {
  const logo = await readLogo(dir);
  if (!logo || !fs.existsSync(path.join(dir, CLUB_ICONS.maskable512))) return;
  try {
    const icons = await withDecodeSlot(async () => {
      if (!(await isLightLogo(logo))) return undefined;
      const { width = 1, height = 1 } = await sharp(logo, {
        limitInputPixels: LIMITS.imagePixelsMax,
      }).metadata();
      return opaqueIcons(logo, width, height, accentColour);
    });
    if (icons) await writeIcons(dir, icons);
  } catch {
    // The icons made with the logo stay; they were made from this very file.
  }
}

/** Whether the folder has a logo but no icons yet (a logo from before icons were made): cheap, no decode. */
export function lacksIcons(dir: string): boolean {
  return fs.existsSync(path.join(dir, LOGO)) && !fs.existsSync(path.join(dir, CLUB_ICONS.icon512));
}

/**
 * Each icon's URL: the club's own under /files/, versioned by the file's time as the logo's is (a new logo
 * shows at once), else the bundled one.
 */
export function clubIconUrls(dir: string, filesPrefix: string): Record<ClubIcon, string> {
  const urls = { ...FALLBACK_ICONS };
  for (const [icon, name] of Object.entries(CLUB_ICONS) as Array<[ClubIcon, string]>) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) urls[icon] = `${filesPrefix}${name}?v=${Math.floor(fs.statSync(file).mtimeMs)}`;
  }
  return urls;
}
