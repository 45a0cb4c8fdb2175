import { useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import Dropdown from 'react-bootstrap/Dropdown';
import Spinner from 'react-bootstrap/Spinner';
import { graphql } from '../../__generated__';
import { countOf } from '../../ui/format';
import { loadMap, type MapSource } from '../maps';
import { useToast } from '../../ui/Toasts';
import { toCsv } from './csv';
import { saveFile } from '../../ui/saveFile';
import {
  EXPORT_LIMIT,
  exportFileName,
  toExportRows,
  type ExportAnnotations,
  type ExportItem,
  type ExportRow,
} from './exportRows';
import { toRis } from './ris';

export const PATENT_EXPORT_DETAILS = graphql(`
  query PatentExportDetails($lensIds: [ID!]!) {
    patentExportDetails(lensIds: $lensIds) {
      lens_id
      inventors
      applicants
      owners
      ipc_symbols
      family_size
    }
  }
`);

type Format = 'csv' | 'ris' | 'pdf';

/**
 * Exports the results as shown (after refine and sort, at most 500) as CSV, RIS or PDF, built in
 * the browser; the parties, IPC symbols and family sizes come from one query.
 */
export function ExportMenu({
  items,
  query,
  annotations,
  kind = 'search',
  mapSource,
}: {
  items: readonly ExportItem[];
  /** The search's text, or the collection's name. */
  query: string;
  /** A collection's notes and tags, exported beside each patent. */
  annotations?: ExportAnnotations;
  /** What is exported: a search's results or a collection's patents (the menu and the PDF say which). */
  kind?: 'search' | 'collection';
  /** Whose map the PDF draws on its first page (ADR 0179); none, or too few placed: no map. */
  mapSource?: MapSource;
}) {
  const client = useApolloClient();
  const toast = useToast();
  const [busy, setBusy] = useState<Format | null>(null);
  const [done, setDone] = useState('');
  const count = (n: number) => countOf(n, kind === 'search' ? 'result' : 'patent');

  async function rowsToExport(): Promise<ExportRow[]> {
    const chosen = items.slice(0, EXPORT_LIMIT);
    const { data } = await client.query({
      query: PATENT_EXPORT_DETAILS,
      variables: { lensIds: chosen.map((item) => item.lens_id) },
      fetchPolicy: 'no-cache',
    });
    return toExportRows(chosen, data?.patentExportDetails ?? [], window.location.origin, annotations);
  }

  async function exportAs(format: Format) {
    setBusy(format);
    setDone('');
    try {
      // The map is asked for beside the rows, and only for a PDF; it never fails the export.
      const [rows, map] = await Promise.all([
        rowsToExport(),
        format === 'pdf' && mapSource ? loadMap(client, mapSource) : null,
      ]);
      const date = new Date();
      const name = exportFileName(query, date, format);
      if (format === 'csv') saveFile(toCsv(rows), 'text/csv;charset=utf-8', name);
      else if (format === 'ris') saveFile(toRis(rows), 'application/x-research-info-systems', name);
      else {
        // pdf-lib is loaded only when a PDF is asked for.
        const { toPdf } = await import('./pdf');
        saveFile(
          (await toPdf(rows, { heading: `${kind} “${query}”`, date, map })) as BlobPart,
          'application/pdf',
          name,
        );
      }
      setDone(`Exported ${count(rows.length)} as ${name}.`);
    } catch (failure) {
      console.error('The export failed.', failure);
      toast({
        title: 'Error.',
        description: 'The export could not be made. Please try again.',
        variant: 'danger',
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Dropdown onSelect={(key) => key && void exportAs(key as Format)}>
        <Dropdown.Toggle variant="outline-secondary" size="sm" id="results-export" disabled={busy !== null}>
          {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          Export {count(Math.min(items.length, EXPORT_LIMIT))}
        </Dropdown.Toggle>
        <Dropdown.Menu>
          <Dropdown.Item eventKey="csv" as="button">
            CSV (spreadsheet)
          </Dropdown.Item>
          <Dropdown.Item eventKey="ris" as="button">
            RIS (Zotero, EndNote)
          </Dropdown.Item>
          <Dropdown.Item eventKey="pdf" as="button">
            PDF (ten results a page)
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
      <span className="visually-hidden" role="status">
        {done}
      </span>
    </>
  );
}
