import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A link to one of the product's pages: in-app addresses stay in the app; a deployment that
 * points it elsewhere (VITE_*_URL, or the server's FEATURES_URL and DOCS_URL) gets an external
 * link in a new tab, as does `newTab` (the landing page's site links, a guide read beside a
 * half-written query).
 */
export function SiteLink(props: { href: string; className?: string; newTab?: boolean; children: ReactNode }) {
  const { href, className, newTab = false, children } = props;
  if (href.startsWith('/') && !newTab) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
