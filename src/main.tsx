import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { consoleEntries } from './app/resources';
import { createConsoleRouter } from './app/routes';
import { ConsoleThemeProvider } from './app/theme';

const router = createConsoleRouter(consoleEntries);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleThemeProvider>
      <RouterProvider router={router} />
    </ConsoleThemeProvider>
  </StrictMode>,
);
