/**
 * Console theme: react-admin's default theme with the self-hosted fonts (Roboto for Latin, Noto Sans SC
 * for Chinese; loaded in main.tsx) and the spec's mobile breakpoint (spec 1, 9: below 1024 px the sidebar
 * is a drawer and the device counts as mobile). react-admin switches the sidebar to a temporary drawer
 * below the `sm` breakpoint, so `sm` is set to 1024 px and the larger breakpoints are shifted up.
 * react-admin's SimpleForm (the generated create / edit forms) skips the browser's own validation: the yup
 * rules give every message in the console's language, where the browser's bubbles (number limits, steps)
 * would speak the browser's.
 */
import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const FONT_FAMILY = ['Roboto', '"Noto Sans SC"', '"Helvetica Neue"', 'Arial', 'sans-serif'].join(', ');
export const MOBILE_BREAKPOINT_PX = 1024;

export const theme: RaThemeOptions = {
  ...defaultTheme,
  breakpoints: { values: { xs: 0, sm: MOBILE_BREAKPOINT_PX, md: 1280, lg: 1536, xl: 1920 } },
  typography: { ...(defaultTheme.typography as object), fontFamily: FONT_FAMILY },
  components: { ...defaultTheme.components, RaSimpleForm: { defaultProps: { noValidate: true } } },
};
