import { RouterProvider } from 'react-router-dom';
import { ConfirmDialogHost } from './dialogs/ConfirmDialog';
import { createAppRouter } from './router';
import { useIdleTimeout } from './session/useIdleTimeout';
import { useLiveConnection } from './session/useLiveConnection';
import { useTabMessages } from './session/useTabMessages';
import { Toaster } from './toasts/Toaster';

const router = createAppRouter();

/** The router plus the app-wide watchers: tabs, idleness, live events, toasts, confirmations. */
export function App() {
  useTabMessages();
  useIdleTimeout();
  useLiveConnection();
  return (
    <>
      <RouterProvider router={router} />
      <Toaster />
      <ConfirmDialogHost />
    </>
  );
}
