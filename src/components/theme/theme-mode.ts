import { createContext, useContext } from 'react';
import { DEFAULT_THEME_MODE, STORAGE_KEYS, THEME_MODES, type ThemeMode } from '../../domain';

export interface ThemeModeState {
  /** What the admin chose: light, dark or system. */
  mode: ThemeMode;
  /** What is on screen: system resolved through the device's dark-mode preference. */
  scheme: 'light' | 'dark';
  setMode: (mode: ThemeMode) => void;
}

export const ThemeModeContext = createContext<ThemeModeState | null>(null);

export function useThemeMode(): ThemeModeState {
  const state = useContext(ThemeModeContext);
  if (!state) throw new Error('useThemeMode needs a ThemeModeProvider above it');
  return state;
}

export function readStoredThemeMode(): ThemeMode {
  const stored = localStorage.getItem(STORAGE_KEYS.theme);
  return THEME_MODES.find((mode) => mode === stored) ?? DEFAULT_THEME_MODE;
}
