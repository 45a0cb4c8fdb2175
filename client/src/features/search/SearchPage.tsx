import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { AI_SEARCH_MIN_CHARACTERS } from '@patentscout/schema';
import { useAccount } from '../../session/AccountProvider';
import { FilterPanel } from './filter-panel/FilterPanel';
import { EMPTY_FILTERS, toSearchInput, type PanelFilters } from './filter-panel/panelState';
import { LensQueryInput } from './LensQueryInput';
import { lensQueryRefusal } from './lensQueryReading';
import { LimitedBanner } from './LimitedBanner';
import { OneShotTab } from './OneShotTab';
import { PreviousSearchesTab } from './PreviousSearchesTab';
import { SearchForm } from './SearchForm';
import { SyntaxHints } from './SyntaxHints';
import { TrendingSearches } from './TrendingSearches';
import { useRunSearch } from './useRunSearch';

const TABS = ['ai', 'advanced', 'previous', 'oneshot'] as const;
type TabKey = (typeof TABS)[number];

function isTabKey(value: string | null): value is TabKey {
  return (TABS as readonly (string | null)[]).includes(value);
}

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const activeTab: TabKey = isTabKey(requested) ? requested : 'ai';
  const initialQuery = params.get('query') ?? '';
  // The results page's `/` shortcut comes here to search again, with the box focused.
  const focusSearch = (useLocation().state as { focusSearch?: boolean } | null)?.focusSearch === true;
  const [filters, setFilters] = useState<PanelFilters>(EMPTY_FILTERS);
  const { limited } = useAccount();
  const { run, loading } = useRunSearch();

  // The arrow keys select a tab through the address, a render after the tab list refocused the
  // old one: the focus follows the selection here (the WAI-ARIA tabs pattern).
  useEffect(() => {
    const active = document.activeElement;
    if (active?.getAttribute('role') !== 'tab' || !active.closest('#search-tabs')) return;
    document.getElementById(`search-tabs-tab-${activeTab}`)?.focus();
  }, [activeTab]);

  const selectTab = (key: string | null) => {
    const next = new URLSearchParams(params);
    if (key && key !== 'ai') next.set('tab', key);
    else next.delete('tab');
    setParams(next, { replace: true });
  };

  return (
    <>
      <h1 className="h3 mb-3">Search patents</h1>
      {limited ? <LimitedBanner /> : null}
      {/* The search comes first in the page's order (keyboard, screen readers, phones); from md
          up the filter panel is drawn to its left. */}
      <Row className="g-4">
        <Col lg={6} md={8} className="order-1 order-md-2">
          <Tabs id="search-tabs" activeKey={activeTab} onSelect={selectTab} className="mb-3" mountOnEnter>
            <Tab eventKey="ai" title="AI Search">
              <SearchForm
                key={`ai-${initialQuery}`}
                id="ai-search-text"
                label="Describe what you are looking for"
                placeholder={`For example: a wearable device that monitors blood sugar without needles (at least ${AI_SEARCH_MIN_CHARACTERS} characters)`}
                initialText={initialQuery}
                autoFocus={focusSearch}
                loading={loading}
                limited={limited}
                onSearch={(text) => void run('ai', toSearchInput(text, filters))}
              />
            </Tab>
            <Tab eventKey="advanced" title="Advanced Search">
              <SearchForm
                key={`advanced-${initialQuery}`}
                id="advanced-search-text"
                label="Advanced search query"
                placeholder='For example: abstract:(battery AND recycling) AND inventor.name:("Jane Smith")'
                initialText={initialQuery}
                autoFocus={focusSearch}
                loading={loading}
                limited={limited}
                onSearch={(text) => void run('boolean', toSearchInput(text, filters))}
                check={lensQueryRefusal}
                renderInput={(control) => <LensQueryInput {...control} />}
              >
                <SyntaxHints />
              </SearchForm>
            </Tab>
            <Tab eventKey="previous" title="Previous Searches">
              <PreviousSearchesTab />
            </Tab>
            {/* The one-shot tab is deliberately missing from the tab bar; it opens at ?tab=oneshot.
                Disabled, the arrow keys pass over it. */}
            <Tab eventKey="oneshot" title="One-shot" tabClassName="d-none" disabled>
              <OneShotTab />
            </Tab>
          </Tabs>
        </Col>
        <Col lg={3} md={4} className="order-2 order-md-1">
          <FilterPanel filters={filters} onChange={setFilters} disabled={loading} />
        </Col>
        <Col lg={3} className="order-3">
          <TrendingSearches disabled={limited} />
        </Col>
      </Row>
    </>
  );
}
