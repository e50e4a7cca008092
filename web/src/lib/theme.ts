import { createTheme } from '@aws-amplify/ui-react';
import { contrastRatio, readableTextOn, WHITE } from '../../../lambdas/contracts/contrast';
import { DEFAULT_PRIMARY, DEFAULT_SECONDARY } from './brand-colors';

/**
 * The product's one set of design tokens (issue 29), as the Amplify UI theme every hiring-team
 * screen draws from: colour (neutral greys, the brand's primary scale, the semantic colours), a type
 * scale, spacing, radii and elevation, and component tokens so that a Button, Card, field, tab,
 * badge or link looks designed without per-screen styles. Screens and CSS files use them as CSS
 * variables (`var(--amplify-colors-neutral-20)`, `var(--amplify-radii-medium)`,
 * `var(--amplify-shadows-small)`…). The brand colours are parameters: `createAppTheme({ primary,
 * secondary })` builds the same tokens around a company's colours, so a company theme layers on top
 * of the product's own and overrides only the brand scale.
 *
 * web/index.html draws the shell before any code loads with the same values written out (no
 * variables exist yet then): keep the two in step.
 */

type Scale = Record<10 | 20 | 40 | 60 | 80 | 90 | 100, { value: string }>;

const hexScale = (values: readonly [string, string, string, string, string, string, string]): Scale => {
  const [s10, s20, s40, s60, s80, s90, s100] = values;
  return {
    10: { value: s10 },
    20: { value: s20 },
    40: { value: s40 },
    60: { value: s60 },
    80: { value: s80 },
    90: { value: s90 },
    100: { value: s100 },
  };
};

/** A 10..100 scale around one brand colour (its 80), as Amplify UI's palette expects, by mixing with white and black. */
export const brandScale = (hex: string): Scale => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  const mix = (target: number, amount: number) =>
    `#${[r, g, b]
      .map((c) =>
        Math.round(c + (target - c) * amount)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  return hexScale([mix(255, 0.92), mix(255, 0.8), mix(255, 0.55), mix(255, 0.22), hex, mix(0, 0.2), mix(0, 0.38)]);
};

/** Cool, slightly blue greys: page, surfaces, borders and the three text colours. */
export const NEUTRAL = hexScale(['#f7f8fa', '#eef1f5', '#dfe4ea', '#7d8797', '#4a5566', '#2f3a4b', '#121a26']);

/** Semantic colours: success (green), warning (orange), error (red), info (blue). Text uses the 90s and 100s, fills the 10s and 20s. */
const SEMANTIC = {
  green: hexScale(['#effaf3', '#d5f2de', '#8fd6a8', '#2f9e5a', '#1d7a43', '#166136', '#10482a']),
  orange: hexScale(['#fff6ec', '#ffe7cc', '#fbbd7c', '#e8801f', '#b45309', '#8f420a', '#6e330b']),
  red: hexScale(['#fef2f2', '#fde0e0', '#f5a3a3', '#e04848', '#b42323', '#941c1c', '#731717']),
  blue: hexScale(['#eff5ff', '#dbe7fe', '#9dbdf9', '#3f7be8', '#1f5bc4', '#1a4a9e', '#163b7a']),
};

/** The system's own UI font (Inter when installed): no web font to download, crisp on every platform. */
export const FONT_STACK =
  "'InterVariable', 'Inter var', Inter, ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji'";

/** Soft, layered elevation, tinted with the text colour rather than pure black. */
const SHADOWS = {
  small: '0 1px 2px rgba(18, 26, 38, 0.06), 0 1px 3px rgba(18, 26, 38, 0.08)',
  medium: '0 4px 12px -2px rgba(18, 26, 38, 0.1), 0 2px 4px -2px rgba(18, 26, 38, 0.06)',
  large: '0 16px 40px -8px rgba(18, 26, 38, 0.2), 0 4px 12px -4px rgba(18, 26, 38, 0.08)',
};

export const createAppTheme = ({ primary = DEFAULT_PRIMARY, secondary = DEFAULT_SECONDARY } = {}) => {
  const brand = brandScale(primary);
  /** Text on a primary fill: white where it reads (the product's indigo), black on a light company colour. */
  const onPrimary = readableTextOn(primary);
  /** Links and other brand-coloured text: the primary, or its darkest shade where the primary is too light to read on white. */
  const interactive = contrastRatio(primary, WHITE) >= 4.5 ? primary : brand[100].value;
  return createTheme({
    name: 'video-interviews',
    tokens: {
      colors: {
        neutral: NEUTRAL,
        primary: brand,
        secondary: brandScale(secondary),
        ...SEMANTIC,
        font: {
          primary: { value: '{colors.neutral.100.value}' },
          secondary: { value: '{colors.neutral.90.value}' },
          tertiary: { value: '{colors.neutral.80.value}' },
          interactive: { value: interactive },
          hover: { value: '{colors.primary.90.value}' },
          focus: { value: '{colors.primary.100.value}' },
          active: { value: '{colors.primary.100.value}' },
        },
        background: {
          primary: { value: '#ffffff' },
          secondary: { value: '{colors.neutral.10.value}' },
          tertiary: { value: '{colors.neutral.20.value}' },
        },
        border: {
          primary: { value: '{colors.neutral.60.value}' },
          secondary: { value: '{colors.neutral.40.value}' },
          tertiary: { value: '{colors.neutral.20.value}' },
          focus: { value: '{colors.primary.80.value}' },
        },
      },
      fonts: {
        default: { variable: { value: FONT_STACK }, static: { value: FONT_STACK } },
      },
      fontSizes: {
        xs: { value: '0.75rem' },
        small: { value: '0.875rem' },
        medium: { value: '1rem' },
        large: { value: '1.125rem' },
        xl: { value: '1.375rem' },
        xxl: { value: '1.75rem' },
        xxxl: { value: '2.25rem' },
        xxxxl: { value: '3rem' },
      },
      lineHeights: {
        small: { value: '1.25' },
        medium: { value: '1.5' },
        large: { value: '1.75' },
      },
      space: {
        xxxs: { value: '0.25rem' },
        xxs: { value: '0.375rem' },
        xs: { value: '0.5rem' },
        small: { value: '0.75rem' },
        medium: { value: '1rem' },
        large: { value: '1.5rem' },
        xl: { value: '2rem' },
        xxl: { value: '3rem' },
        xxxl: { value: '4.5rem' },
      },
      radii: {
        xs: { value: '0.25rem' },
        small: { value: '0.5rem' },
        medium: { value: '0.75rem' },
        large: { value: '1rem' },
        xl: { value: '1.5rem' },
        xxl: { value: '2rem' },
        xxxl: { value: '999px' },
      },
      shadows: {
        small: { value: SHADOWS.small },
        medium: { value: SHADOWS.medium },
        large: { value: SHADOWS.large },
      },
      components: {
        heading: {
          color: { value: '{colors.font.primary.value}' },
          1: { fontSize: { value: '{fontSizes.xxxl.value}' }, fontWeight: { value: '{fontWeights.bold.value}' } },
          2: { fontSize: { value: '{fontSizes.xxl.value}' }, fontWeight: { value: '{fontWeights.bold.value}' } },
          3: { fontSize: { value: '1.5rem' }, fontWeight: { value: '{fontWeights.bold.value}' } },
          4: { fontSize: { value: '{fontSizes.xl.value}' }, fontWeight: { value: '{fontWeights.semibold.value}' } },
          5: { fontSize: { value: '{fontSizes.large.value}' }, fontWeight: { value: '{fontWeights.semibold.value}' } },
          6: { fontSize: { value: '{fontSizes.medium.value}' }, fontWeight: { value: '{fontWeights.semibold.value}' } },
        },
        fieldcontrol: {
          borderRadius: { value: '{radii.small.value}' },
          paddingInlineStart: { value: '{space.small.value}' },
          paddingInlineEnd: { value: '{space.small.value}' },
          _focus: {
            borderColor: { value: '{colors.primary.80.value}' },
            boxShadow: { value: `0 0 0 3px ${brand[20].value}` },
          },
        },
        button: {
          fontWeight: { value: '{fontWeights.semibold.value}' },
          borderRadius: { value: '{radii.small.value}' },
          borderColor: { value: '{colors.neutral.40.value}' },
          backgroundColor: { value: '{colors.background.primary.value}' },
          color: { value: '{colors.font.primary.value}' },
          paddingInlineStart: { value: '{space.medium.value}' },
          paddingInlineEnd: { value: '{space.medium.value}' },
          _hover: {
            color: { value: '{colors.font.primary.value}' },
            backgroundColor: { value: '{colors.neutral.10.value}' },
            borderColor: { value: '{colors.neutral.60.value}' },
          },
          _focus: {
            color: { value: '{colors.font.primary.value}' },
            backgroundColor: { value: '{colors.neutral.10.value}' },
            borderColor: { value: '{colors.primary.80.value}' },
            boxShadow: { value: `0 0 0 3px ${brand[20].value}` },
          },
          _active: {
            color: { value: '{colors.font.primary.value}' },
            backgroundColor: { value: '{colors.neutral.20.value}' },
            borderColor: { value: '{colors.neutral.60.value}' },
          },
          primary: {
            backgroundColor: { value: primary },
            color: { value: onPrimary },
            _hover: { backgroundColor: { value: brand[90].value }, color: { value: onPrimary } },
            _focus: {
              backgroundColor: { value: brand[90].value },
              color: { value: onPrimary },
              boxShadow: { value: `0 0 0 3px ${brand[40].value}` },
            },
            _active: { backgroundColor: { value: brand[100].value }, color: { value: onPrimary } },
          },
          link: {
            color: { value: '{colors.font.interactive.value}' },
            _hover: { color: { value: '{colors.font.hover.value}' }, backgroundColor: { value: '{colors.primary.10.value}' } },
            _focus: { color: { value: '{colors.font.focus.value}' }, backgroundColor: { value: '{colors.primary.10.value}' } },
            _active: { color: { value: '{colors.font.active.value}' }, backgroundColor: { value: '{colors.primary.20.value}' } },
          },
          small: {
            paddingInlineStart: { value: '{space.small.value}' },
            paddingInlineEnd: { value: '{space.small.value}' },
          },
        },
        card: {
          borderRadius: { value: '{radii.medium.value}' },
          padding: { value: '{space.medium.value}' },
          // Most screens ask for "outlined": a white surface with a hairline and a soft shadow, not a grey box.
          outlined: {
            borderRadius: { value: '{radii.medium.value}' },
            borderColor: { value: '{colors.neutral.40.value}' },
            boxShadow: { value: '{shadows.small.value}' },
          },
          elevated: {
            borderRadius: { value: '{radii.medium.value}' },
            boxShadow: { value: '{shadows.medium.value}' },
          },
        },
        badge: {
          fontWeight: { value: '{fontWeights.semibold.value}' },
          borderRadius: { value: '{radii.xxxl.value}' },
          backgroundColor: { value: '{colors.neutral.20.value}' },
          color: { value: '{colors.font.secondary.value}' },
          info: { backgroundColor: { value: '{colors.blue.20.value}' }, color: { value: '{colors.blue.100.value}' } },
          success: { backgroundColor: { value: '{colors.green.20.value}' }, color: { value: '{colors.green.100.value}' } },
          warning: { backgroundColor: { value: '{colors.orange.20.value}' }, color: { value: '{colors.orange.100.value}' } },
          error: { backgroundColor: { value: '{colors.red.20.value}' }, color: { value: '{colors.red.100.value}' } },
        },
        tabs: {
          borderColor: { value: '{colors.neutral.40.value}' },
          item: {
            color: { value: '{colors.font.tertiary.value}' },
            fontWeight: { value: '{fontWeights.semibold.value}' },
            paddingHorizontal: { value: '{space.medium.value}' },
            _hover: { color: { value: '{colors.font.primary.value}' } },
            _focus: { color: { value: '{colors.font.interactive.value}' } },
            _active: { color: { value: '{colors.font.interactive.value}' }, borderColor: { value: '{colors.primary.80.value}' } },
          },
        },
        link: {
          color: { value: '{colors.font.interactive.value}' },
          visited: { color: { value: '{colors.font.interactive.value}' } },
          hover: { color: { value: '{colors.font.hover.value}' } },
          focus: { color: { value: '{colors.font.focus.value}' } },
          active: { color: { value: '{colors.font.active.value}' } },
        },
        breadcrumbs: {
          item: { fontSize: { value: '{fontSizes.small.value}' } },
          link: {
            color: { value: '{colors.font.interactive.value}' },
            fontSize: { value: '{fontSizes.small.value}' },
            fontWeight: { value: '{fontWeights.medium.value}' },
            textDecoration: { value: 'none' },
            current: {
              color: { value: '{colors.font.secondary.value}' },
              fontSize: { value: '{fontSizes.small.value}' },
              fontWeight: { value: '{fontWeights.semibold.value}' },
            },
          },
          separator: { color: { value: '{colors.neutral.60.value}' } },
        },
        togglebutton: {
          borderColor: { value: '{colors.neutral.40.value}' },
          // The pressed one of a group: a brand tint with brand text, readable in every state (hover, focus).
          _pressed: {
            backgroundColor: { value: '{colors.primary.10.value}' },
            color: { value: '{colors.primary.100.value}' },
            borderColor: { value: '{colors.primary.80.value}' },
            _hover: { backgroundColor: { value: '{colors.primary.20.value}' } },
          },
        },
      },
    },
  });
};
