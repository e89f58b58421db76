import { MantineProvider } from '@mantine/core';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { ConnectionProvider } from '../components/connection/connection-provider';
import { installSaveShortcut } from '../lib/save-shortcut';
import { NotificationsHost } from './notifications-host';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

/**
 * What every page needs. What only some need loads with them: the frame with TanStack Query, dates
 * and modals (shell/app-frame.tsx), the notification container (notifications-host.tsx).
 */
export function App() {
  useEffect(installSaveShortcut, []);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <NotificationsHost />
      <ConnectionProvider>
        <RouterProvider router={router} />
      </ConnectionProvider>
    </MantineProvider>
  );
}
