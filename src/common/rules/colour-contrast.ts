/**
 * The accent colour carries white text on the app's primary controls, the server pages' buttons and the
 * mails' buttons, so it must read against white (docs/rules.md#club-settings): WCAG 2's contrast of at
 * least 4.5:1, the level for body text. The server refuses a colour under it; the branding form calls the
 * same rule and proposes the nearest shade that passes (nearestPassingShade).
 */

/** WCAG's level AA for ordinary text. */
export const MIN_CONTRAST_ON_WHITE = 4.5;

const HEX = /^#([0-9a-f]{6})$/i;

function channels(hex: string): [number, number, number] {
  const digits = HEX.exec(hex)?.[1];
  if (!digits) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16)) as [number, number, number];
}

const toHex = (rgb: readonly number[]) =>
  `#${rgb
    .map((value) =>
      Math.round(Math.min(255, Math.max(0, value)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** One sRGB channel (0–255) made linear, as WCAG 2 defines it. */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a `#rrggbb` colour: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map(linear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, from 1 (equal) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour's contrast against white. */
export const contrastOnWhite = (hex: string): number => contrastRatio(hex, '#ffffff');

/** Whether white text on this colour reads (at least 4.5:1). */
export const passesOnWhite = (hex: string): boolean => contrastOnWhite(hex) >= MIN_CONTRAST_ON_WHITE;

/** HSL of an sRGB colour: hue in degrees, saturation and lightness 0–1. */
function toHsl([r, g, b]: [number, number, number]): [number, number, number] {
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const lightness = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return [0, 0, lightness];
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  const hue =
    max === red
      ? ((green - blue) / delta) % 6
      : max === green
        ? (blue - red) / delta + 2
        : (red - green) / delta + 4;
  return [(hue * 60 + 360) % 360, saturation, lightness];
}

function fromHsl(hue: number, saturation: number, lightness: number): [number, number, number] {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const sector = Math.floor(hue / 60) % 6;
  const [r, g, b] = [
    [chroma, x, 0],
    [x, chroma, 0],
    [0, chroma, x],
    [0, x, chroma],
    [x, 0, chroma],
    [chroma, 0, x],
  ][sector] as [number, number, number];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

/**
 * The colour itself when it passes, else the lightest shade of the same hue and saturation that does
 * (`#rrggbb`, lowercase): HSL lightness lowered in steps of 0.1 %, so the proposal stays as close to the
 * chosen colour as the rule allows. Black always passes, so a shade is always found.
 */
export function nearestPassingShade(hex: string): string {
  const rgb = channels(hex);
  const own = toHex(rgb);
  if (passesOnWhite(own)) return own;
  const [hue, saturation, lightness] = toHsl(rgb);
  for (let step = Math.floor(lightness * 1000); step >= 0; step -= 1) {
    const shade = toHex(fromHsl(hue, saturation, step / 1000));
    if (passesOnWhite(shade)) return shade;
  }
  return '#000000';
}
