import { type CSSVariablesResolver, createTheme } from '@mantine/core';

export const theme = createTheme({
  // A user who asks their system for less motion gets dialogs, menus and notices without animation.
  respectReducedMotion: true,
  // A deeper green than Mantine's default, so white text on filled buttons passes WCAG AA (5.2:1).
  colors: {
    green: [
      '#e9f7ec',
      '#d0eed6',
      '#a3dcae',
      '#72c985',
      '#4ab863',
      '#33a44f',
      '#268f42',
      '#1f7d39',
      '#1a6b31',
      '#145527',
    ],
  },
  primaryColor: 'green',
  primaryShade: { light: 7, dark: 6 },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  components: {
    Anchor: { defaultProps: { c: 'green.8', underline: 'always' } },
  },
});

/** Stronger secondary text and light variants, so every text meets WCAG AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': current.colors.gray[7]!,
    '--mantine-color-placeholder': '#6a7077',
    // red.8 is 4.3:1 on the page's grey (#f8f9fa); red.9 reads on grey and white alike.
    '--mantine-color-error': current.colors.red[9]!,
    '--mantine-color-green-light-color': current.colors.green[9]!,
    '--mantine-color-gray-light-color': current.colors.gray[8]!,
    '--mantine-color-blue-light-color': current.colors.blue[9]!,
    '--mantine-color-red-light-color': current.colors.red[9]!,
    '--mantine-color-orange-light-color': current.colors.orange[9]!,
  },
  dark: {},
});
