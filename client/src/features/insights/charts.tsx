import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Bootstrap's palette, so the charts sit with the rest of the page. */
const COLOURS = ['#0d6efd', '#198754', '#fd7e14', '#6f42c1', '#d63384', '#20c997', '#6c757d'];

export interface Bucket {
  start: string;
  series: string;
  count: number;
}

export interface CountedRow {
  value: string;
  label?: string | null;
  count: number;
}

/** Buckets in long form (one row per start and series) as one row per start with a key per series. */
export function pivot(buckets: readonly Bucket[]): {
  rows: Array<Record<string, string | number>>;
  series: string[];
} {
  const series = [...new Set(buckets.map((bucket) => bucket.series))].sort();
  const byStart = new Map<string, Record<string, string | number>>();
  for (const bucket of buckets) {
    const row = byStart.get(bucket.start) ?? { start: bucket.start };
    row[bucket.series] = bucket.count;
    byStart.set(bucket.start, row);
  }
  const rows = [...byStart.values()].sort((a, b) => String(a.start).localeCompare(String(b.start)));
  for (const row of rows) for (const name of series) row[name] ??= 0;
  return { rows, series };
}

function Empty() {
  return <p className="text-muted small my-4">Nothing to show for this range.</p>;
}

/** A stacked column chart over time, one colour per series. */
export function TimeChart({ buckets, title }: { buckets: readonly Bucket[]; title: string }) {
  if (buckets.length === 0) return <Empty />;
  const { rows, series } = pivot(buckets);
  return (
    <figure className="insights-chart" aria-label={title} data-testid="chart">
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="start" fontSize={12} minTickGap={16} />
          <YAxis allowDecimals={false} fontSize={12} width={48} />
          <Tooltip />
          {series.length > 1 || (series.length === 1 && series[0] !== 'total') ? <Legend /> : null}
          {series.map((name, index) => (
            <Bar
              key={name}
              dataKey={name}
              stackId="one"
              fill={COLOURS[index % COLOURS.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** Horizontal bars of counted values, most first (or in the given order). */
export function CountChart({
  rows,
  title,
  vertical = false,
}: {
  rows: readonly CountedRow[];
  title: string;
  /** Columns over an ordered axis (years) instead of horizontal bars. */
  vertical?: boolean;
}) {
  if (rows.length === 0) return <Empty />;
  const data = rows.map((row) => ({
    name: row.label ? `${row.label} (${row.value})` : row.value,
    count: row.count,
  }));
  if (vertical) {
    return (
      <figure className="insights-chart" aria-label={title} data-testid="chart">
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" fontSize={12} minTickGap={8} />
            <YAxis allowDecimals={false} fontSize={12} width={48} />
            <Tooltip />
            <Bar dataKey="count" name="Count" fill={COLOURS[0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
    );
  }
  return (
    <figure className="insights-chart" aria-label={title} data-testid="chart">
      <ResponsiveContainer width="100%" height={Math.max(120, 28 * data.length + 40)}>
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} fontSize={12} />
          <YAxis type="category" dataKey="name" width={200} fontSize={12} />
          <Tooltip />
          <Bar dataKey="count" name="Count" fill={COLOURS[0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** A chart with its heading, half a row wide on large screens. */
export function ChartPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Col lg={6}>
      <h3 className="h6">{title}</h3>
      {children}
    </Col>
  );
}

/** A panel of one count chart, which is named as the panel unless told apart. */
export function CountPanel({
  title,
  rows,
  chartTitle = title,
  vertical,
}: {
  title: string;
  rows: readonly CountedRow[];
  chartTitle?: string;
  vertical?: boolean;
}) {
  return (
    <ChartPanel title={title}>
      <CountChart rows={rows} title={chartTitle} vertical={vertical} />
    </ChartPanel>
  );
}
