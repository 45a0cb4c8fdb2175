import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ApolloProvider, useApolloClient } from '@apollo/client/react';
import type { Auth } from 'firebase/auth';
import { createResultsLoader } from '../features/results';
import { ToastProvider, useToast } from '../ui/Toasts';
import { AccountProvider } from '../session/AccountProvider';
import { createApolloClient } from '../session/apollo';
import { AppConfigContext } from '../session/AppConfigContext';
import { AuthProvider } from '../session/AuthProvider';
import type { AppConfig } from '../session/config';
import { createRouter } from './router';
import { ServiceNotice } from '../session/ServiceNotice';
import { SignOutProvider } from '../session/SignOutProvider';

/** The router, made once inside the providers its loaders use (Apollo, toasts, sign-in). */
function AppRouter({ auth }: { auth: Auth }) {
  const client = useApolloClient();
  const toast = useToast();
  const [router] = useState(() =>
    createRouter({
      results: createResultsLoader({
        client,
        signedIn: async () => {
          await auth.authStateReady();
          return auth.currentUser !== null;
        },
        onError: (message) => toast({ title: 'Error.', description: message, variant: 'danger' }),
      }),
    }),
  );
  return <RouterProvider router={router} />;
}

export function App({ config, auth }: { config: AppConfig; auth: Auth }) {
  const [client] = useState(() => createApolloClient(auth));
  return (
    <AppConfigContext.Provider value={config}>
      <ToastProvider>
        <ServiceNotice />
        <AuthProvider auth={auth}>
          <ApolloProvider client={client}>
            <AccountProvider>
              <SignOutProvider>
                <AppRouter auth={auth} />
              </SignOutProvider>
            </AccountProvider>
          </ApolloProvider>
        </AuthProvider>
      </ToastProvider>
    </AppConfigContext.Provider>
  );
}
