/**
 * Console theme: react-admin's default theme with the self-hosted fonts (Roboto for Latin, Noto Sans SC
 * for Chinese; loaded in main.tsx) and the spec's mobile breakpoint (spec 1, 9: below 1024 px the sidebar
 * is a drawer and the device counts as mobile). react-admin switches the sidebar to a temporary drawer
 * below the `sm` breakpoint, so `sm` is set to 1024 px and the larger breakpoints are shifted up.
 * react-admin's SimpleForm (the generated create / edit forms) skips the browser's own validation: the yup
 * rules give every message in the console's language, where the browser's bubbles (number limits, steps)
 * would speak the browser's.
 *
 * Below 1024 px (spec 2.4 mobile): dialogs fill the screen and tables scroll sideways inside their card.
 * `themeOf(size)` is the theme at a component size of the top bar (providers/preferences.ts): 'default' is
 * react-admin's look; 'medium' and 'small' shrink the base font (every rem-sized text: inputs, buttons,
 * table cells, menus) and the paddings of inputs, buttons and table cells.
 */
import { createElement } from 'react';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { ListLoadError } from '../widgets/ListLoadError';
import type { ComponentSize } from '../providers/preferences';

export const FONT_FAMILY = ['Roboto', '"Noto Sans SC"', '"Helvetica Neue"', 'Arial', 'sans-serif'].join(', ');
export const MOBILE_BREAKPOINT_PX = 1024;
/** The mobile media query of the breakpoints below (`theme.breakpoints.down('sm')`). */
const MOBILE = `@media (max-width:${MOBILE_BREAKPOINT_PX - 0.05}px)`;

export const theme: RaThemeOptions = {
  ...defaultTheme,
  breakpoints: { values: { xs: 0, sm: MOBILE_BREAKPOINT_PX, md: 1280, lg: 1536, xl: 1920 } },
  typography: { ...(defaultTheme.typography as object), fontFamily: FONT_FAMILY },
  components: {
    ...defaultTheme.components,
    RaSimpleForm: { defaultProps: { noValidate: true } },
    MuiDialog: {
      styleOverrides: {
        paper: { [MOBILE]: { margin: 0, width: '100%', maxWidth: '100%', height: '100%', maxHeight: '100%', borderRadius: 0 } },
      },
    },
    MuiTableContainer: { styleOverrides: { root: { [MOBILE]: { overflowX: 'auto' } } } },
    MuiCard: { styleOverrides: { root: { [MOBILE]: { overflowX: 'auto' } } } },
    // pages fit (issue 27): a wide table scrolls inside its card, never the page; the content column of the
    // layout may shrink below its content's width (a flex item's min-width is auto: many tabs or a wide table
    // widened the whole page)
    RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } } } },
    RaList: {
      // a failed read says so, with a retry, instead of looking like an empty list (issue 27)
      defaultProps: { error: createElement(ListLoadError) },
      styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } },
    },
  },
};

/** Base font size (px; MUI's `typography.fontSize`, which scales every rem size) and paddings per component size. */
const SIZES: Record<Exclude<ComponentSize, 'default'>, { font: number; inputTop: number; inputBottom: number; cell: string; button: string }> = {
  medium: { font: 13, inputTop: 19, inputBottom: 3, cell: '5px 12px', button: '3px 8px' },
  small: { font: 12, inputTop: 16, inputBottom: 2, cell: '3px 8px', button: '2px 6px' },
};

const cache = new Map<ComponentSize, RaThemeOptions>();

/** The console theme at component size `size` (one object per size, so the theme provider can memoise it). */
export function themeOf(size: ComponentSize): RaThemeOptions {
  if (size === 'default') return theme;
  const hit = cache.get(size);
  if (hit) return hit;
  const s = SIZES[size];
  const components = theme.components as Record<string, object>;
  const themed: RaThemeOptions = {
    ...theme,
    typography: { ...(theme.typography as object), fontSize: s.font },
    components: {
      ...components,
      MuiButton: { defaultProps: { size: 'small' }, styleOverrides: { sizeSmall: { padding: s.button } } },
      MuiIconButton: { defaultProps: { size: 'small' } },
      MuiTable: { defaultProps: { size: 'small' } },
      MuiTableCell: {
        ...(components.MuiTableCell as object),
        styleOverrides: {
          ...((components.MuiTableCell as { styleOverrides?: object })?.styleOverrides ?? {}),
          sizeSmall: { padding: s.cell },
        },
      },
      MuiFilledInput: {
        ...(components.MuiFilledInput as object),
        styleOverrides: {
          ...((components.MuiFilledInput as { styleOverrides?: object })?.styleOverrides ?? {}),
          inputSizeSmall: { paddingTop: s.inputTop, paddingBottom: s.inputBottom },
        },
      },
      MuiAutocomplete: {
        ...(components.MuiAutocomplete as object),
        styleOverrides: {
          inputRoot: {
            '&.MuiFilledInput-root.MuiInputBase-sizeSmall': { paddingTop: s.inputTop - 2, paddingBottom: 0 },
            '&.MuiFilledInput-root.MuiInputBase-sizeSmall .MuiAutocomplete-input': { padding: `2px 4px ${s.inputBottom}px` },
          },
        },
      },
      MuiInputLabel: {
        styleOverrides: {
          // the label sits lower than the shorter input otherwise
          sizeSmall: { '&.MuiInputLabel-filled:not(.MuiInputLabel-shrink)': { transform: `translate(12px, ${s.inputTop - 7}px) scale(1)` } },
        },
      },
    },
  };
  cache.set(size, themed);
  return themed;
}
