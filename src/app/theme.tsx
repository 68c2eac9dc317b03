import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type {} from '@mui/x-data-grid/themeAugmentation';
import { STORAGE_KEYS } from '../domain';

// Form and details dialogs (widths sm and md) fill a phone's screen; a confirmation (xs) stays a dialog.
const phoneFullScreen = ({ theme }: { theme: Theme }) => ({
  [theme.breakpoints.down('sm')]: {
    margin: 0,
    width: '100%',
    maxWidth: '100%',
    height: '100%',
    maxHeight: '100%',
    borderRadius: 0,
  },
});

// WCAG AA's 4.5:1 (MUI's default is 3): white text on a coloured chip or button only where it reads, dark text elsewhere;
// the dark theme's primary is light enough for links on a hovered or selected row.
const contrastThreshold = 4.5;

// WCAG 2.3.3: a device set to reduce motion gets none. MUI's transitions (dialogs, menus, drawers, the
// sidebar) take no time and are not drawn; the spinners, skeletons and ripples (CSS animations) stop
// after their first frame. Read once: the setting rarely changes while the console is open.
const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
const stillTransitions = {
  create: () => 'none',
  duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
};
const stillAnimations = {
  '*, *::before, *::after': { animationDuration: '0s !important', animationIterationCount: '1 !important' },
};

const consoleTheme = createTheme({
  colorSchemes: {
    light: {
      palette: {
        contrastThreshold,
        primary: { main: '#4f46e5' },
        background: { default: '#f8fafc', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        contrastThreshold,
        primary: { main: '#a5b4fc' },
        background: { default: '#0b1120', paper: '#111827' },
      },
    },
  },
  shape: { borderRadius: 8 },
  // Buttons read as the spec writes them ('Sign In', 'Add Product'), not in capitals.
  typography: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiDialog: { styleOverrides: { paperWidthSm: phoneFullScreen, paperWidthMd: phoneFullScreen } },
    // A grid's loading bar sits inside its role="grid", where a progressbar is no allowed child, and has no
    // name: hidden from assistive technology, which hears the rows change instead.
    MuiDataGrid: { defaultProps: { slotProps: { loadingOverlay: { 'aria-hidden': true } } } },
    ...(reducedMotion && { MuiCssBaseline: { styleOverrides: stillAnimations } }),
  },
  ...(reducedMotion && { transitions: stillTransitions }),
});

/**
 * Light or dark as the admin picks in the header, following the device until they do (MUI's colour
 * schemes), kept under the one theme key. noSsr: the stored choice applies from the first paint.
 */
export function ConsoleThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={consoleTheme} modeStorageKey={STORAGE_KEYS.theme} noSsr disableTransitionOnChange>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
