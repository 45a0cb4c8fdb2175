import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';

export type ListOrMap = 'list' | 'map';

/**
 * List or Map, and the chip of the map's selection (a region or a lasso) that removes it: the
 * same control over an answer and over a collection's members.
 */
export function MapViewSwitch({
  label,
  listLabel = 'List',
  view,
  onView,
  chip,
  onClearSelection,
}: {
  /** What the buttons switch, for assistive technology ("Show the results as"). */
  label: string;
  /** The other view's name where it is not a list (the landscape's "Charts"). */
  listLabel?: string;
  view: ListOrMap;
  onView: (view: ListOrMap) => void;
  /** The selection's chip text; null when nothing on the map is selected. */
  chip: string | null;
  onClearSelection: () => void;
}) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <ButtonGroup aria-label={label}>
        {(['list', 'map'] as const).map((option) => (
          <Button
            key={option}
            size="sm"
            variant={view === option ? 'primary' : 'outline-primary'}
            aria-pressed={view === option}
            onClick={() => onView(option)}
          >
            {option === 'list' ? listLabel : 'Map'}
          </Button>
        ))}
      </ButtonGroup>
      {chip !== null ? (
        <Badge bg="secondary" className="d-inline-flex align-items-center gap-1" data-testid="map-chip">
          {chip}
          <Button
            size="sm"
            variant="link"
            className="p-0 text-white"
            aria-label="Remove the map filter"
            onClick={onClearSelection}
          >
            ×
          </Button>
        </Badge>
      ) : null}
    </div>
  );
}
