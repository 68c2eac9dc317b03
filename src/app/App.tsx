import { Authenticated, Refine, type ResourceProps } from '@refinedev/core';
import routerProvider, { DocumentTitleHandler } from '@refinedev/react-router';
import { Navigate, useLocation } from 'react-router';
import { ConsoleLayout } from '../components/layout/ConsoleLayout';
import type { NavItem } from '../components/layout/nav-item';
import type { QuickAction } from '../components/layout/QuickAddMenu';
import { PageSpinner } from '../components/PageSpinner';
import type { SignInState } from '../pages/login/SignInPage';
import { accessControlProvider } from '../providers/access-control';
import { authProvider, wasSignedOutByChoice } from '../providers/auth-provider';
import { dataProvider } from '../providers/data-provider';
import { i18nProvider } from '../providers/i18n-provider';
import { liveProvider } from '../providers/live-on-demand';
import { useConsoleNotificationProvider } from '../providers/notification-provider';
import { APP_NAME } from './app-name';
import { queryClientConfig } from './query-client';

/**
 * Sends a signed-out visitor to exactly /login, remembering the page for after
 * sign-in, unless they left it by signing out.
 */
function RedirectToSignIn() {
  const { pathname, search, hash } = useLocation();
  const state: SignInState | undefined = wasSignedOutByChoice() ? undefined : { to: `${pathname}${search}${hash}` };
  return <Navigate to="/login" replace state={state} />;
}

/** The Refine root of the signed-in console, a chunk of its own so the sign-in page does not wait for it. */
export default function App({
  resources,
  navigation,
  quickActions,
}: {
  resources: ResourceProps[];
  navigation: NavItem[];
  quickActions: QuickAction[];
}) {
  return (
    <Refine
      dataProvider={dataProvider}
      liveProvider={liveProvider}
      i18nProvider={i18nProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      routerProvider={routerProvider}
      notificationProvider={useConsoleNotificationProvider}
      resources={resources}
      options={{
        disableTelemetry: true,
        mutationMode: 'pessimistic',
        reactQuery: { clientConfig: queryClientConfig },
        title: { text: APP_NAME },
      }}
    >
      <Authenticated key="console" loading={<PageSpinner fullScreen />} fallback={<RedirectToSignIn />}>
        <ConsoleLayout navigation={navigation} quickActions={quickActions} />
      </Authenticated>
      <DocumentTitleHandler
        handler={({ resource }) => (resource?.meta?.label ? `${resource.meta.label} | ${APP_NAME}` : APP_NAME)}
      />
    </Refine>
  );
}
