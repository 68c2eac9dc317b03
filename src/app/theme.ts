import { createTheme, type Theme } from '@mui/material/styles';

export function createConsoleTheme(scheme: 'light' | 'dark'): Theme {
  return createTheme({
    palette: {
      mode: scheme,
      primary: { main: scheme === 'light' ? '#4f46e5' : '#818cf8' },
      background: scheme === 'light' ? { default: '#f8fafc', paper: '#ffffff' } : { default: '#0b1120', paper: '#111827' },
    },
    shape: { borderRadius: 8 },
    // Buttons read as the spec writes them ('Sign In', 'Add Product'), not in capitals.
    typography: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', button: { textTransform: 'none', fontWeight: 600 } },
  });
}
