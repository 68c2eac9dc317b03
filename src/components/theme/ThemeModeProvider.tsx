import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS, type ThemeMode } from '../../domain';
import { readStoredThemeMode, ThemeModeContext } from './theme-mode';

interface ThemeModeProviderProps {
  createTheme: (scheme: 'light' | 'dark') => Theme;
  children: ReactNode;
}

/** Holds the light/dark/system choice, saves it on change and follows the device when on system. */
export function ThemeModeProvider({ createTheme, children }: ThemeModeProviderProps) {
  const [mode, setModeState] = useState<ThemeMode>(readStoredThemeMode);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const scheme = mode === 'system' ? (prefersDark ? 'dark' : 'light') : mode;

  const setMode = useCallback((next: ThemeMode) => {
    localStorage.setItem(STORAGE_KEYS.theme, next);
    setModeState(next);
  }, []);
  const theme = useMemo(() => createTheme(scheme), [createTheme, scheme]);
  const state = useMemo(() => ({ mode, scheme, setMode }), [mode, scheme, setMode]);

  return (
    <ThemeModeContext.Provider value={state}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
