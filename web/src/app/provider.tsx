import { ThemeProvider } from '@aws-amplify/ui-react';
import { type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ApiError } from '../api/client';
import { ErrorBoundary } from '../components/error-boundary';
import { useSessionId } from '../lib/session';
import { createAppTheme } from '../lib/theme';

const theme = createAppTheme();

/** Every provider of the app, in one place. */
export const AppProvider = ({ children }: { children: ReactNode }) => {
  // One cache per session: data of one user (or company list) never shows for the next.
  const sessionId = useSessionId();
  return (
    <ThemeProvider theme={theme}>
      <SWRConfig
        key={sessionId ?? 'signed-out'}
        value={{
          provider: () => new Map(),
          revalidateOnFocus: false,
          // Client errors will not fix themselves by retrying; network and server errors may.
          shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status >= 400 && error.status < 500),
          errorRetryCount: 2,
        }}
      >
        <ErrorBoundary>{children}</ErrorBoundary>
      </SWRConfig>
    </ThemeProvider>
  );
};
