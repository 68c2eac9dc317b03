import { Authenticated } from '@refinedev/core';
import { CatchAllNavigate } from '@refinedev/react-router';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ConsoleLayout } from '../components/layout/ConsoleLayout';
import { PageSpinner } from '../components/PageSpinner';
import { RouteErrorScreen } from '../pages/error/RouteErrorScreen';
import { SignInPulse } from '../pages/login/SignInPulse';
import type { ConsoleEntry, LazyPage } from '../resources/declaration';
import { App } from './App';
import { buildNavigation } from './navigation';
import { quickActions } from './quick-actions';
import { toRefineResources } from './refine-resources';

const SignInPage = lazy(() => import('../pages/login/SignInPage'));
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage'));

function route(path: string, Page: LazyPage): RouteObject {
  return { path, element: <Page /> };
}

/** The routes an entry declares: a page's path, or a resource's list (and aliases), create, edit and show. */
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

/** Every route of SPEC.md section 2, generated from the declaration list. */
export function createConsoleRouter(entries: ConsoleEntry[]) {
  return createBrowserRouter([
    {
      element: <App resources={toRefineResources(entries)} />,
      errorElement: <RouteErrorScreen />,
      children: [
        {
          path: '/login',
          element: (
            <Authenticated
              key="sign-in"
              loading={<SignInPulse />}
              fallback={
                <Suspense fallback={<SignInPulse />}>
                  <SignInPage />
                </Suspense>
              }
            >
              <Navigate to="/" replace />
            </Authenticated>
          ),
        },
        {
          element: (
            <Authenticated key="console" loading={<PageSpinner fullScreen />} fallback={<CatchAllNavigate to="/login" />}>
              <ConsoleLayout navigation={buildNavigation(entries)} quickActions={quickActions} />
            </Authenticated>
          ),
          children: entries.flatMap(entryRoutes),
        },
        {
          path: '*',
          element: (
            <Suspense fallback={<PageSpinner fullScreen />}>
              <NotFoundPage />
            </Suspense>
          ),
        },
      ],
    },
  ]);
}
