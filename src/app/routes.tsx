import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/PageSpinner';
import { RouteErrorScreen } from '../pages/error/RouteErrorScreen';
import { SignInPulse } from '../pages/login/SignInPulse';
import type { ConsoleEntry, LazyPage } from './declaration';
import { buildNavigation } from './navigation';
import { buildQuickActions } from './quick-actions';
import { toRefineResources } from './refine-resources';
import { SnackbarRoot } from '../providers/notification-provider';

// Refine, the data layer and the layout load only behind the sign-in page, which stays light.
const App = lazy(() => import('./App'));
const SignInPage = lazy(() => import('../pages/login/SignInPage'));
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage'));

/** Sign-in reached inside the console (a protected page sent the visitor, or they signed out). */
function SignInRoute() {
  const navigate = useNavigate();
  return <SignInPage state={useLocation().state} go={(to) => navigate(to, { replace: true })} />;
}

const suspended = (element: ReactNode, fallback = <PageSpinner fullScreen />) => (
  <Suspense fallback={fallback}>{element}</Suspense>
);

function route(path: string, Page: LazyPage): RouteObject {
  return { path, element: <Page /> };
}

function entryRoutes(entry: ConsoleEntry): RouteObject[] {
  switch (entry.kind) {
    case 'group':
      return [];
    case 'page':
      return [route(entry.path, entry.page)];
    case 'resource': {
      const { list, create, edit, show } = entry;
      return [
        ...[list.path, ...(list.aliases ?? [])].map((path) => route(path, list.page)),
        ...[create, edit, show].flatMap((screen) => (screen ? [route(screen.path, screen.page)] : [])),
      ];
    }
  }
}

/**
 * The router's fallback for a screen that throws while it renders or cannot load its
 * code, until the address changes. A component of its own: the routes are declarative (BrowserRouter),
 * whose data-router machinery (loaders, actions, fetchers, about 16 KB gzip) the console has no use for.
 */
class RouteErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  { error?: unknown; pathname?: string }
> {
  override state: { error?: unknown; pathname?: string } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps({ pathname }: { pathname: string }, state: { pathname?: string }) {
    return pathname === state.pathname ? null : { pathname, error: undefined };
  }
  override render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorScreen error={this.state.error} />;
  }
}

function RouteFrame() {
  return (
    <RouteErrorBoundary pathname={useLocation().pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/**
 * Every route of the console, generated from the declaration list. `toasts: false` when the
 * toast stack sits above the router already (src/main.tsx).
 */
export function consoleRoutes(entries: ConsoleEntry[], { toasts = true } = {}): RouteObject[] {
  return [
    {
      element: toasts ? (
        <SnackbarRoot>
          <RouteFrame />
        </SnackbarRoot>
      ) : (
        <RouteFrame />
      ),
      children: [
        { path: '/login', element: suspended(<SignInRoute />, <SignInPulse />) },
        {
          element: suspended(
            <App
              resources={toRefineResources(entries)}
              navigation={buildNavigation(entries)}
              quickActions={buildQuickActions(entries)}
            />,
          ),
          children: entries.flatMap(entryRoutes),
        },
        { path: '*', element: suspended(<NotFoundPage />) },
      ],
    },
  ];
}

/** The console's routes at the address of the BrowserRouter around it. */
export function ConsoleRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
