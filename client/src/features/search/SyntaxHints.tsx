import { clientSettings } from '../../session/config';
import { SiteLink } from '../../ui/SiteLink';

const HINTS: ReadonlyArray<{ example: string; meaning: string }> = [
  { example: 'abstract:(solar AND panel)', meaning: 'search one field, here the abstract' },
  { example: 'ids:(US1234567B2)', meaning: 'find publications by their identifiers' },
  { example: 'inventor.name:("Jane Smith")', meaning: 'patents by an inventor' },
  { example: 'owner_all.name:("Acme Corp")', meaning: 'patents held by an owner' },
  { example: 'class_ipcr.symbol:A61K*', meaning: 'IPC classes, with * as a wildcard' },
  { example: 'battery AND (lithium OR sodium) NOT lead', meaning: 'combine terms with AND, OR and NOT' },
  { example: '"solar cell"~5', meaning: 'words within 5 words of each other' },
  { example: 'date_published:[2015-01-01 TO 2020-12-31]', meaning: 'a date range' },
];

export function SyntaxHints() {
  return (
    <div className="search-hints mt-4">
      <h3 className="h6">Advanced search syntax</h3>
      <ul className="small mb-2">
        {HINTS.map((hint) => (
          <li key={hint.example}>
            <code>{hint.example}</code> <span className="text-muted">– {hint.meaning}</span>
          </li>
        ))}
      </ul>
      <SiteLink href={clientSettings.searchSyntaxUrl} newTab className="small">
        Read the full search syntax documentation
      </SiteLink>
    </div>
  );
}
