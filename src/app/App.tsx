import { Refine, type ResourceProps } from '@refinedev/core';
import { RefineSnackbarProvider } from '@refinedev/mui';
import routerProvider, { DocumentTitleHandler } from '@refinedev/react-router';
import { Outlet } from 'react-router';
import { NOTIFICATION_DEFAULTS } from '../domain';
import { authProvider } from '../providers/auth-provider';
import { dataProvider } from '../providers/data-provider';
import { useConsoleNotificationProvider } from '../providers/notification-provider';
import { queryClientConfig } from './query-client';

const APP_NAME = 'Apparel Admin';

interface AppProps {
  resources: ResourceProps[];
}

/** The Refine root: providers, declared resources and the routed screens beneath. */
export function App({ resources }: AppProps) {
  return (
    <RefineSnackbarProvider
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      maxSnack={NOTIFICATION_DEFAULTS.maxVisible}
    >
      <Refine
        dataProvider={dataProvider}
        authProvider={authProvider}
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
        <Outlet />
        <DocumentTitleHandler
          handler={({ resource }) => (resource?.meta?.label ? `${resource.meta.label} | ${APP_NAME}` : APP_NAME)}
        />
      </Refine>
    </RefineSnackbarProvider>
  );
}
