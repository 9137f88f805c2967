import { describe, expect, it } from 'vitest';
import themeInitScript from '../../public/theme-init.js?raw';
import { contrastRatio, parseHexColor } from './contrast.ts';
import { contrastPairs } from './contrastPairs.ts';
import { palettes } from './palette.ts';

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 on white is the well-known smallest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('reads short and long hex forms, and refuses anything else', () => {
    expect(parseHexColor('#fff')).toEqual([255, 255, 255]);
    expect(parseHexColor('#c2410c')).toEqual([194, 65, 12]);
    expect(() => parseHexColor('rgba(0,0,0,1)')).toThrow('Not a hex colour');
  });
});

describe.each(Object.entries(palettes))('the %s palette', (_name, palette) => {
  it.each(contrastPairs)(
    '$foreground on $background reaches $minimum:1',
    ({ foreground, background, minimum }) => {
      expect(contrastRatio(palette[foreground], palette[background])).toBeGreaterThanOrEqual(
        minimum,
      );
    },
  );
});

describe('public/theme-init.js', () => {
  it('paints the browser chrome with the same header colours as the palettes', () => {
    const script = themeInitScript;
    expect(script).toContain(`light: '${palettes.light.headerBackground}'`);
    expect(script).toContain(`dark: '${palettes.dark.headerBackground}'`);
  });
});
