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
import { titled } from './pageTitles';
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
            { index: true, element: <LandingPage />, ...titled('Bringing innovation to life') },
            {
              element: <RequireAuth />,
              children: [
                { path: 'home', element: <SearchPage />, ...titled('Search patents') },
                { path: 'account', element: <AccountPage />, ...titled('My Account') },
                { path: 'favourites', element: <FavouritesPage />, ...titled('Favourites') },
                { path: 'collections', element: <CollectionsPage />, ...titled('Collections') },
                {
                  path: 'collections/shared/:token',
                  element: <SharedCollectionPage />,
                  ...titled('Shared collection'),
                },
                { path: 'collections/:id', element: <CollectionPage />, ...titled('Collection') },
                {
                  path: 'search/university-searches',
                  element: <UniversitySearchesPage />,
                  ...titled('University Searches'),
                },
                {
                  path: RESULTS_PATH,
                  element: <ResultsPage />,
                  loader: loaders.results,
                  ...titled((search) => `Search "${search.get('query') ?? ''}"`),
                },
                { path: 'insights', element: <InsightsPage />, ...titled('Insights') },
              ],
            },
            { path: 'patents', element: <PatentPage />, ...titled('Patent') },
            { path: 'patents/:id', element: <PatentPage />, ...titled('Patent') },
            { path: 'unsubscribe', element: <UnsubscribePage />, ...titled('Weekly updates') },
            {
              path: 'collections/invitations/:token',
              element: <InvitationPage />,
              ...titled('Collection invitation'),
            },
            { path: 'collections/unwatch', element: <UnwatchPage />, ...titled('Collection e-mails') },
            { path: 'auth/action', element: <AuthActionPage />, ...titled('Account action') },
            { path: 'features', element: <FeaturesPage />, ...titled('Features') },
            { path: 'docs', element: <DocsPage />, ...titled('Documentation') },
            { path: 'pricing', element: <PricingPage />, ...titled('Plans and pricing') },
            { path: 'dev/emails', element: <DevEmailsPage />, ...titled('Development e-mail inbox') },
            { path: '*', element: <NotFoundPage />, ...titled('Page not found') },
          ],
        },
      ],
    },
  ]);
}
