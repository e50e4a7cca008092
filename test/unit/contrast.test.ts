import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn, relativeLuminance } from '../../lambdas/contracts/contrast';

describe('WCAG contrast', () => {
  it('computes relative luminance of sRGB colours', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2158605, 6);
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 6);
  });

  it('computes the contrast ratio in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#3f51b5', '#3f51b5')).toBe(1);
    // Known values: #777777 on white is 4.48:1, the classic just-fails-AA grey.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('picks white text on dark colours and black text on light ones', () => {
    expect(readableTextOn('#3f51b5')).toBe('#ffffff'); // the default primary
    expect(readableTextOn('#f50057')).toBe('#000000'); // the default secondary: 5.0:1 with black, 4.2:1 with white
    expect(readableTextOn('#000000')).toBe('#ffffff');
    expect(readableTextOn('#ffffff')).toBe('#000000');
    expect(readableTextOn('#ffeb3b')).toBe('#000000'); // yellow
    expect(readableTextOn('#00bcd4')).toBe('#000000'); // cyan: black contrasts more than white
  });

  it('always reaches the higher of the two ratios', () => {
    for (const colour of ['#123456', '#abcdef', '#7f7f7f', '#ff8800', '#008000', '#e91e63']) {
      const text = readableTextOn(colour);
      const other = text === '#000000' ? '#ffffff' : '#000000';
      expect(contrastRatio(colour, text)).toBeGreaterThanOrEqual(contrastRatio(colour, other));
      // Black or white always reaches at least 4.58:1 on any colour (the worst case is mid-grey).
      expect(contrastRatio(colour, text)).toBeGreaterThan(4.5);
    }
  });

  it('refuses what is not a #rrggbb colour', () => {
    expect(() => readableTextOn('red')).toThrow();
    expect(() => readableTextOn('#fff')).toThrow();
  });
});
