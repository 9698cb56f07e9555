import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ApiError } from './api/client';
import { router } from './app/routes';
import { applyStoredTheme } from './app/theme';
import './styles.css';

applyStoredTheme();
// React Aria adds an inline <style> for pressable elements unless an element of this id exists; the Content-Security-Policy
// refuses inline styles, so styles.css carries its rule and this marker tells React Aria it is there.
const pressableStyle = document.createElement('meta');
pressableStyle.id = 'react-aria-pressable-style';
document.head.append(pressableStyle);

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Changes made elsewhere show within a few seconds: lists refresh on focus and every 5 s while shown.
      staleTime: 2_000,
      refetchInterval: 5_000,
      refetchIntervalInBackground: false,
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
