import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { PRODUCT_NAME } from '@patentscout/schema';
import syntaxGuide from '../../../../docs/search-syntax.md?raw';

/** Bootstrap's table look for the guide's tables; everything else renders as written. */
const guideComponents: Components = {
  table: ({ children }) => (
    <div className="table-responsive">
      <table className="table table-sm align-middle">{children}</table>
    </div>
  ),
  h1: ({ children }) => <h2 className="h3 mt-5">{children}</h2>,
  h2: ({ children }) => <h3 className="h5 mt-4">{children}</h3>,
  h3: ({ children }) => <h4 className="h6 mt-3">{children}</h4>,
};

/** Scrolls to `#section` once the page has rendered (the browser tried before it existed). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
}

export function DocsPage() {
  useScrollToHash();
  return (
    <article style={{ maxWidth: '80ch' }} className="mx-auto">
      <h1 className="h2">Documentation</h1>
      <p className="lead">How to get the most out of {PRODUCT_NAME}.</p>

      <h2 className="h3 mt-4">Getting started</h2>
      <ol>
        <li>
          <Link to="/">Sign in</Link> with Google or with your e-mail address. New here? Register with your
          e-mail and follow the confirmation link we send you.
        </li>
        <li>
          On the search page, describe what you are looking for in plain words (<strong>AI search</strong>, at
          least 20 characters), or write a precise query in the Lens syntax (<strong>Advanced search</strong>,
          described below).
        </li>
        <li>
          Narrow the results by industry, legal status, country and years; open a patent for its AI summary,
          sample uses, claims and filings; keep the ones that matter in your favourites.
        </li>
        <li>
          Ask for <strong>weekly updates</strong> on a search and new matches come to your inbox every week.
        </li>
      </ol>
      <p>
        The free plan includes 20 searches a month. The Discover plan lifts the limit: see the{' '}
        <Link to="/pricing">pricing page</Link>.
      </p>

      <section id="search-syntax" aria-label="Advanced search syntax">
        <Markdown remarkPlugins={[remarkGfm]} components={guideComponents}>
          {syntaxGuide}
        </Markdown>
      </section>
    </article>
  );
}
