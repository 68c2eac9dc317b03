import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { consoleEntries } from './app/resources';
import { createConsoleRouter } from './app/routes';
import { createConsoleTheme } from './app/theme';
import { ThemeModeProvider } from './components/theme/ThemeModeProvider';

const router = createConsoleRouter(consoleEntries);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeModeProvider createTheme={createConsoleTheme}>
      <RouterProvider router={router} />
    </ThemeModeProvider>
  </StrictMode>,
);
