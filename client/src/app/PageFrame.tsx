import { useRef } from 'react';
import { Outlet } from 'react-router';
import { PRODUCT_VERSION } from '@patentscout/schema';
import { AppHeader } from './AppHeader';
import { useFocusClearOf } from './useFocusClearOf';
import { usePageChange } from './usePageChange';
import { usePageViewTracking } from './usePageViewTracking';

/** Header, a content column at most 120ch wide, and the fixed version footer: every page sits in it. */
export function PageFrame() {
  usePageViewTracking();
  const main = useRef<HTMLElement>(null);
  usePageChange(main);
  const footer = useRef<HTMLElement>(null);
  useFocusClearOf(footer);
  return (
    <div className="d-flex flex-column min-vh-100">
      {/* A plain focus move: a #fragment address would be a navigation of the router's. */}
      <a
        href="#main-content"
        className="visually-hidden-focusable position-absolute top-0 start-0 m-2 p-2 bg-white border rounded z-3"
        onClick={(event) => {
          event.preventDefault();
          main.current?.focus();
        }}
      >
        Skip to main content
      </a>
      <AppHeader />
      <main
        ref={main}
        id="main-content"
        tabIndex={-1}
        className="app-content flex-grow-1 w-100 mx-auto px-3 pt-4"
      >
        <Outlet />
      </main>
      <footer
        ref={footer}
        className="app-version-footer fixed-bottom bg-light border-top text-center text-muted small py-1"
      >
        Version: {PRODUCT_VERSION}
      </footer>
    </div>
  );
}
