import { createTheme } from '@aws-amplify/ui-react';
import { DEFAULT_PRIMARY, DEFAULT_SECONDARY } from './brand-colors';

/** A 10..100 scale around one color, as Amplify UI's palette expects, by mixing with white/black. */
const scale = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const mix = (target: number, amount: number) =>
    `#${[r!, g!, b!]
      .map((c) =>
        Math.round(c + (target - c) * amount)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  return {
    10: { value: mix(255, 0.9) },
    20: { value: mix(255, 0.75) },
    40: { value: mix(255, 0.45) },
    60: { value: mix(255, 0.15) },
    80: { value: hex },
    90: { value: mix(0, 0.2) },
    100: { value: mix(0, 0.35) },
  };
};

export const createAppTheme = ({ primary = DEFAULT_PRIMARY, secondary = DEFAULT_SECONDARY } = {}) =>
  createTheme({
    name: 'video-interviews',
    tokens: {
      colors: {
        primary: scale(primary),
        secondary: scale(secondary),
        font: { interactive: { value: primary } },
      },
      components: {
        button: {
          primary: { backgroundColor: { value: primary }, _hover: { backgroundColor: { value: scale(primary)[90].value } } },
        },
      },
    },
  });
