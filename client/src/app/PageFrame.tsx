import { Outlet } from 'react-router';
import { PRODUCT_VERSION } from '@patentscout/schema';
import { AppHeader } from './AppHeader';
import { usePageViewTracking } from './usePageViewTracking';

/** Header, a content column at most 120ch wide, and the fixed version footer: every page sits in it. */
export function PageFrame() {
  usePageViewTracking();
  return (
    <div className="d-flex flex-column min-vh-100">
      <AppHeader />
      <main className="app-content flex-grow-1 w-100 mx-auto px-3 pt-4">
        <Outlet />
      </main>
      <footer className="fixed-bottom bg-light border-top text-center text-muted small py-1">
        Version: {PRODUCT_VERSION}
      </footer>
    </div>
  );
}
