import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ApolloProvider } from '@apollo/client/react';
import type { Auth } from 'firebase/auth';
import { ToastProvider } from '../ui/Toasts';
import { AccountProvider } from './AccountProvider';
import { createApolloClient } from './apollo';
import { EmbeddedDevHooks } from './EmbeddedDevHooks';
import { AppConfigContext } from './AppConfigContext';
import { AuthProvider } from './AuthProvider';
import type { AppConfig } from './config';
import { createRouter } from './router';
import { SignOutProvider } from './SignOutProvider';

export function App({ config, auth }: { config: AppConfig; auth: Auth }) {
  const [client] = useState(() => createApolloClient(auth));
  const [router] = useState(createRouter);
  return (
    <AppConfigContext.Provider value={config}>
      <ToastProvider>
        <AuthProvider auth={auth}>
          <ApolloProvider client={client}>
            <AccountProvider>
              {config.embedded ? <EmbeddedDevHooks /> : null}
              <SignOutProvider>
                <RouterProvider router={router} />
              </SignOutProvider>
            </AccountProvider>
          </ApolloProvider>
        </AuthProvider>
      </ToastProvider>
    </AppConfigContext.Provider>
  );
}
