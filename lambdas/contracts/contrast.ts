/**
 * Readable text on a brand colour, by WCAG 2.x: relative luminance of an sRGB colour and the
 * contrast ratio of two, and whichever of black or white contrasts more with a background.
 * Plain functions, no imports: the server's e-mails and the SPA's themed pages both use them.
 */

const channels = (hex: string): [number, number, number] => {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const value = parseInt(match[1]!, 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
};

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance, 0 (black) to 1 (white). */
export const relativeLuminance = (hex: string): number => {
  const [r, g, b] = channels(hex).map(linear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG contrast ratio of two colours, 1 to 21, whichever order they come in. */
export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

export const BLACK = '#000000';
export const WHITE = '#ffffff';

/** Black or white, whichever gives text on `background` the higher contrast ratio (black on a tie). */
export const readableTextOn = (background: string): typeof BLACK | typeof WHITE =>
  contrastRatio(background, BLACK) >= contrastRatio(background, WHITE) ? BLACK : WHITE;
