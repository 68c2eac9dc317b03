import { RouterProvider } from 'react-router';
import { consoleEntries } from './resources';
import { createConsoleRouter } from './routes';

// Made when src/main.tsx first renders the console (a lazy chunk, fetched no earlier): after sign-in
// has put the address it leaves for in place of /login.
const router = createConsoleRouter(consoleEntries, { toasts: false });

/** The console's router and declarations, a chunk of their own so that a visit starting on /login shows sign-in without them. */
export default function Console() {
  return <RouterProvider router={router} />;
}
