import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { ToastProvider } from '../ui/Toasts';

/**
 * Renders a component with the providers every page has (toasts, router, an Apollo client whose
 * link answers nothing: these tests check what happens before any request).
 */
export function renderWithProviders(element: ReactElement) {
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
  return render(
    <ApolloProvider client={client}>
      <ToastProvider>
        <MemoryRouter>{element}</MemoryRouter>
      </ToastProvider>
    </ApolloProvider>,
  );
}

/** Renders an element as the page at `path` of a data router (what `useNavigate` and links need). */
export function renderAt(path: string, element: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}
