import { RESULTS_PATH } from '@patentscout/schema';
import { createBrowserRouter, type LoaderFunction } from 'react-router';
import { AccountPage } from '../features/account';
import { AuthActionPage } from '../features/auth-action';
import {
  CollectionPage,
  CollectionsPage,
  InvitationPage,
  SharedCollectionPage,
  UnwatchPage,
} from '../features/collections';
import { DevEmailsPage } from '../features/dev';
import { NotFoundPage, RouteErrorPage } from '../features/errors';
import { FavouritesPage } from '../features/favourites';
import { InsightsPage } from '../features/insights';
import { DocsPage, FeaturesPage, PricingPage } from '../features/info';
import { LandingPage } from '../features/landing';
import { PatentPage } from '../features/patent';
import { ResultsPage } from '../features/results';
import { SearchPage } from '../features/search';
import { UniversitySearchesPage } from '../features/universities';
import { UnsubscribePage } from '../features/updates';
import { PageFrame } from './PageFrame';
import { RequireAuth } from './RequireAuth';

/** `resultsLoader` runs the results page's search once per navigation (see `createResultsLoader`). */
export function createRouter(loaders: { results: LoaderFunction }) {
  return createBrowserRouter([
    {
      path: '/',
      element: <PageFrame />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          // A second error boundary inside the frame keeps the header and footer on error pages.
          errorElement: <RouteErrorPage />,
          children: [
            { index: true, element: <LandingPage /> },
            {
              element: <RequireAuth />,
              children: [
                { path: 'home', element: <SearchPage /> },
                { path: 'account', element: <AccountPage /> },
                { path: 'favourites', element: <FavouritesPage /> },
                { path: 'collections', element: <CollectionsPage /> },
                { path: 'collections/shared/:token', element: <SharedCollectionPage /> },
                { path: 'collections/:id', element: <CollectionPage /> },
                { path: 'search/university-searches', element: <UniversitySearchesPage /> },
                { path: RESULTS_PATH, element: <ResultsPage />, loader: loaders.results },
                { path: 'insights', element: <InsightsPage /> },
              ],
            },
            { path: 'patents', element: <PatentPage /> },
            { path: 'patents/:id', element: <PatentPage /> },
            { path: 'unsubscribe', element: <UnsubscribePage /> },
            { path: 'collections/invitations/:token', element: <InvitationPage /> },
            { path: 'collections/unwatch', element: <UnwatchPage /> },
            { path: 'auth/action', element: <AuthActionPage /> },
            { path: 'features', element: <FeaturesPage /> },
            { path: 'docs', element: <DocsPage /> },
            { path: 'pricing', element: <PricingPage /> },
            { path: 'dev/emails', element: <DevEmailsPage /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
