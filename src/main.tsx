import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { z } from 'zod';
import { consoleEntries } from './app/resources';
import { createConsoleRouter } from './app/routes';
import { createConsoleTheme } from './app/theme';
import { ThemeModeProvider } from './components/theme/ThemeModeProvider';

// The server's CSP forbids eval; zod's JIT would probe for it with new Function and the browser would log a violation.
z.config({ jitless: true });

const router = createConsoleRouter(consoleEntries);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeModeProvider createTheme={createConsoleTheme}>
      <RouterProvider router={router} />
    </ThemeModeProvider>
  </StrictMode>,
);
