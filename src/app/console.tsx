import { BrowserRouter } from 'react-router';
import { consoleEntries } from './resources';
import { consoleRoutes, ConsoleRoutes } from './routes';

const routes = consoleRoutes(consoleEntries, { toasts: false });

/** The console's router and declarations, a chunk of their own so that a visit starting on /login shows sign-in without them. */
export default function Console() {
  return (
    <BrowserRouter>
      <ConsoleRoutes routes={routes} />
    </BrowserRouter>
  );
}
