import {
  contrastOnWhite,
  contrastRatio,
  nearestPassingShade,
  passesOnWhite,
  relativeLuminance,
} from '@common/rules/colour-contrast';
import { shortNameOf } from '@common/rules/short-name';
import { describe, expect, it } from 'vitest';

// The accent colour carries white text (docs/rules.md#club-settings): at least 4.5:1 against white.

/** The hue of a colour, in degrees (for colours with some saturation). */
function hueOf(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  const hue = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return (hue * 60 + 360) % 360;
}

describe('WCAG luminance and contrast', () => {
  it.each([
    ['#000000', 0],
    ['#ffffff', 1],
    ['#FFFFFF', 1],
    ['#808080', 0.2158605],
    ['#ff0000', 0.2126],
    ['#00ff00', 0.7152],
    ['#0000ff', 0.0722],
  ])('the relative luminance of %s is %f', (hex, luminance) => {
    expect(relativeLuminance(hex)).toBeCloseTo(luminance, 6);
  });

  it('answers 21 for black on white, 1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#1d4ed8', '#1d4ed8')).toBe(1);
  });

  it('refuses anything but #rrggbb', () => {
    for (const bad of ['red', '#fff', '#12345g', '1d4ed8']) expect(() => contrastOnWhite(bad)).toThrow();
  });
});

describe('passesOnWhite', () => {
  it.each([
    ['#ffffff', false, 1],
    ['#1d4ed8', true, 6.7],
    ['#0f766e', true, 5.47],
    ['#ffff00', false, 1.07],
    ['#ff0000', false, 4.0],
    // Pure greys on either side of 4.5:1.
    ['#767676', true, 4.54],
    ['#777777', false, 4.48],
    ['#000000', true, 21],
  ])('%s passes: %s (%f:1)', (hex, passes, ratio) => {
    expect(passesOnWhite(hex)).toBe(passes);
    expect(contrastOnWhite(hex)).toBeCloseTo(ratio, 1);
  });
});

describe('nearestPassingShade', () => {
  it('keeps a colour that passes as it is, in lower case', () => {
    expect(nearestPassingShade('#1d4ed8')).toBe('#1d4ed8');
    expect(nearestPassingShade('#0F766E')).toBe('#0f766e');
    expect(nearestPassingShade('#000000')).toBe('#000000');
  });

  it.each([
    ['#ffff00', '#7a7a00'],
    ['#ff0000', '#ee0000'],
    ['#22c55e', '#178841'],
    ['#777777', '#767676'],
    ['#888888', '#767676'],
    ['#ffffff', '#767676'],
  ])('proposes for %s the lightest passing shade of its hue, %s', (hex, shade) => {
    const proposed = nearestPassingShade(hex);
    expect(proposed).toBe(shade);
    expect(passesOnWhite(proposed)).toBe(true);
    // Close: just over the threshold, not far darker than needed.
    expect(contrastOnWhite(proposed)).toBeLessThan(4.7);
  });

  it('keeps the hue of a saturated colour', () => {
    for (const hex of ['#ffff00', '#ff0000', '#22c55e', '#38bdf8', '#f472b6']) {
      const proposed = nearestPassingShade(hex);
      expect(passesOnWhite(proposed)).toBe(true);
      expect(Math.abs(hueOf(proposed) - hueOf(hex))).toBeLessThan(3);
    }
  });
});

describe('shortNameOf', () => {
  it("answers the club's short name when set, else its name cut to 12 characters", () => {
    expect(shortNameOf('Kayak Club de Brest', 'KCB')).toBe('KCB');
    expect(shortNameOf('Kayak Club de Brest', null)).toBe('Kayak Club d');
    expect(shortNameOf('Aviron de Vannes')).toBe('Aviron de Va');
    expect(shortNameOf('Équipée')).toBe('Équipée');
    // Whole characters, never half an emoji; no space left at the end.
    expect(shortNameOf('🛶🛶🛶🛶🛶🛶🛶🛶🛶🛶🛶🛶🛶')).toBe('🛶'.repeat(12));
    expect(shortNameOf('Club Voile  Lorient')).toBe('Club Voile');
  });
});
