import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis } from 'recharts';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import { countryName, type SearchResultItem } from '../search';
import { publicationYear, type Refinement } from './refine';

/** How many countries and years the strip offers as buttons. */
const TOP = 5;

export interface Counted<T> {
  value: T;
  count: number;
}

/** Publications per year over the loaded results, oldest first. */
export function yearCounts(items: readonly SearchResultItem[]): Counted<number>[] {
  const counts = new Map<number, number>();
  for (const item of items) {
    const year = publicationYear(item);
    if (Number.isFinite(year)) counts.set(year, (counts.get(year) ?? 0) + 1);
  }
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => a.value - b.value);
}

/** Counted years with the years between them at zero, so that the columns keep time's spacing. */
export function continuousYears(years: readonly Counted<number>[]): Counted<number>[] {
  const first = years[0];
  const last = years.at(-1);
  if (!first || !last) return [];
  const counts = new Map(years.map((year) => [year.value, year.count]));
  return Array.from({ length: last.value - first.value + 1 }, (_, offset) => ({
    value: first.value + offset,
    count: counts.get(first.value + offset) ?? 0,
  }));
}

/** Results per country over the loaded results, most first (ties by code). */
export function countryCounts(items: readonly SearchResultItem[]): Counted<string>[] {
  const counts = new Map<string, number>();
  for (const item of items) {
    const code = item.biblio.publication_reference.jurisdiction;
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/** Results per owner over the loaded results with known owners, most first (ties by name). */
export function ownerCounts(
  items: readonly SearchResultItem[],
  owners: ReadonlyMap<string, readonly string[]>,
): Counted<string>[] {
  const counts = new Map<string, number>();
  for (const item of items)
    for (const owner of new Set(owners.get(item.lens_id) ?? []))
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}

/** The most frequent `most` of counted values, most first. */
export function topCounts<T>(counts: readonly Counted<T>[], most = TOP): Counted<T>[] {
  return [...counts].sort((a, b) => b.count - a.count).slice(0, most);
}

const plural = (count: number) => `${count} result${count === 1 ? '' : 's'}`;

/** Counted values as buttons with a bar each, most first: a click chooses (or clears) the value. */
function BarButtons({
  label,
  counts,
  chosen,
  nameOf = (value) => value,
  onChoose,
}: {
  label: string;
  counts: readonly Counted<string>[];
  chosen: string | undefined;
  nameOf?: (value: string) => string;
  onChoose: (value: string) => void;
}) {
  const most = counts[0]?.count ?? 1;
  return (
    <ul className="list-unstyled mb-0" aria-label={label}>
      {counts.map((counted) => {
        const name = nameOf(counted.value);
        const isChosen = chosen === counted.value;
        return (
          <li key={counted.value} className="mb-1">
            <button
              type="button"
              className={`chart-strip-bar btn btn-sm w-100 text-start p-0 border-0 ${isChosen ? 'fw-semibold' : ''}`}
              aria-pressed={isChosen}
              aria-label={`${name}: ${plural(counted.count)}`}
              title={`${name}: ${plural(counted.count)}`}
              onClick={() => onChoose(counted.value)}
            >
              <span className="d-flex justify-content-between gap-2 small">
                <span className="text-truncate">{name}</span>
                <span className="text-muted">{counted.count}</span>
              </span>
              <span className="d-block bg-light rounded" aria-hidden="true">
                <span
                  className={`d-block rounded ${isChosen ? 'bg-primary' : 'bg-info'}`}
                  style={{ height: 6, width: `${Math.max(4, (counted.count / most) * 100)}%` }}
                />
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** An active choice of the strip, with its remove button. */
function ChosenFilter({ text, onRemove }: { text: string; onRemove: () => void }) {
  return (
    <Badge bg="primary" className="d-inline-flex align-items-center gap-1">
      {text}
      <CloseButton
        variant="white"
        aria-label={`Remove the ${text} filter`}
        className="target-24"
        onClick={onRemove}
        style={{ fontSize: '0.6rem' }}
      />
    </Badge>
  );
}

/**
 * The strip's place while the first cards are drawn (`useAfterFirstPaint`): its frame at its
 * height, so that the cards do not move when the charts come a frame later.
 */
export function ChartStripPlaceholder({ items }: { items: readonly SearchResultItem[] }) {
  if (items.length === 0) return null;
  return <div className="chart-strip chart-strip-placeholder border rounded mb-3" aria-hidden="true" />;
}

interface Props {
  /** The whole loaded result set (not the refined or shown part). */
  items: readonly SearchResultItem[];
  /** The results' owners by Lens id once they came (`useResultOwners`), else null. */
  owners: ReadonlyMap<string, readonly string[]> | null;
  refinement: Refinement;
  onChange: (refinement: Refinement) => void;
}

/**
 * The results header's chart strip: publications per year, the top countries and the top owners
 * of the loaded results, computed here (the owners come lazily, `useResultOwners`). A bar, a year, a country or an owner refines the results to it
 * (toggling it off when it is already chosen); the active choices show as removable filters.
 */
export function ChartStrip({ items, owners, refinement, onChange }: Props) {
  const years = yearCounts(items);
  const countries = topCounts(countryCounts(items));
  const topOwners = owners ? topCounts(ownerCounts(items, owners)) : null;
  if (items.length === 0) return null;
  const chooseYear = (year: number) =>
    onChange({ ...refinement, year: refinement.year === year ? undefined : year });
  const chooseCountry = (country: string) =>
    onChange({ ...refinement, country: refinement.country === country ? undefined : country });
  const chooseOwner = (owner: string) =>
    onChange({ ...refinement, owner: refinement.owner === owner ? undefined : owner });

  return (
    <section className="chart-strip border rounded p-2 mb-3" aria-labelledby="chart-strip-heading">
      <h2 id="chart-strip-heading" className="h6 mb-2">
        Results at a glance{' '}
        <span className="small text-muted fw-normal">({plural(items.length)} loaded)</span>
      </h2>
      <div className="row g-3">
        <div className="col-lg-5">
          <h3 className="small text-muted mb-1">Publications per year</h3>
          <figure className="mb-1" aria-label="Publications per year" data-testid="chart-years">
            <ResponsiveContainer width="100%" height={90}>
              <BarChart data={continuousYears(years)} margin={{ top: 4, right: 4, bottom: 0, left: 4 }}>
                <XAxis dataKey="value" fontSize={10} minTickGap={12} />
                <Tooltip formatter={(count) => [count, 'Results']} />
                <Bar
                  dataKey="count"
                  fill="#0d6efd"
                  isAnimationActive={false}
                  cursor="pointer"
                  onClick={(bar: { payload?: Counted<number> }) => {
                    if (bar.payload && bar.payload.count > 0) chooseYear(bar.payload.value);
                  }}
                />
              </BarChart>
            </ResponsiveContainer>
          </figure>
          <div className="d-flex flex-wrap gap-1" role="group" aria-label="Busiest years">
            {topCounts(years).map((year) => (
              <Button
                key={year.value}
                size="sm"
                variant={refinement.year === year.value ? 'primary' : 'outline-secondary'}
                aria-pressed={refinement.year === year.value}
                title={`${year.value}: ${plural(year.count)}`}
                onClick={() => chooseYear(year.value)}
              >
                {year.value} <span className="text-body-secondary small">({year.count})</span>
              </Button>
            ))}
          </div>
        </div>
        <div className="col-md-6 col-lg-3">
          <h3 className="small text-muted mb-1">Top countries</h3>
          <BarButtons
            label="Top countries"
            counts={countries}
            chosen={refinement.country}
            nameOf={countryName}
            onChoose={chooseCountry}
          />
        </div>
        <div className="col-md-6 col-lg-4">
          <h3 className="small text-muted mb-1">Top owners</h3>
          {topOwners === null ? (
            <p className="small text-muted mb-0">Counting owners…</p>
          ) : topOwners.length === 0 ? (
            <p className="small text-muted mb-0">No owners recorded.</p>
          ) : (
            <BarButtons
              label="Top owners"
              counts={topOwners}
              chosen={refinement.owner}
              onChoose={chooseOwner}
            />
          )}
        </div>
      </div>
      {refinement.year !== undefined || refinement.country || refinement.owner ? (
        <div
          className="d-flex flex-wrap align-items-center gap-2 mt-2"
          role="group"
          aria-label="Chart filters"
        >
          <span className="small fw-semibold">Showing only:</span>
          {refinement.year !== undefined ? (
            <ChosenFilter
              text={`year ${refinement.year}`}
              onRemove={() => onChange({ ...refinement, year: undefined })}
            />
          ) : null}
          {refinement.country ? (
            <ChosenFilter
              text={countryName(refinement.country)}
              onRemove={() => onChange({ ...refinement, country: undefined })}
            />
          ) : null}
          {refinement.owner ? (
            <ChosenFilter
              text={refinement.owner}
              onRemove={() => onChange({ ...refinement, owner: undefined })}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
