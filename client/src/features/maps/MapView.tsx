import { useMemo, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { SmallSelect } from '../../ui/SmallSelect';
import Table from 'react-bootstrap/Table';
import { graphql } from '../../__generated__';
import type { ResultMap_MapFragment } from '../../__generated__/graphql';
import { MapCanvas } from './MapCanvas';
import { COLOUR_CHOICES, colourPoints, selectedIds, type ColourBy, type MapSelection } from './mapGeometry';

export const RESULT_MAP_FRAGMENT = graphql(`
  fragment ResultMap_map on ResultMap {
    points {
      lens_id
      x
      y
      region
      title
      owner
      year
      country
      status
    }
    regions {
      id
      words
      size
      x
      y
    }
    not_placed {
      lens_id
      title
      owner
      year
    }
    too_few
  }
`);

interface Props {
  map: ResultMap_MapFragment;
  selection: MapSelection | null;
  /** How many families the selection holds (0: a lasso that caught none). */
  selectedCount: number;
  onSelect(selection: MapSelection | null): void;
  /** The card of the point opened, shown under the map (with Favourite and Add to collection). */
  renderCard(lensId: string): ReactNode;
}

/**
 * The Map view (ADR 0179): the canvas with its colour choice and legend, the region table (the
 * map's text alternative, whose rows filter like the labels), the families not placed, and the
 * card of the point opened.
 */
export function MapView({ map, selection, selectedCount, onSelect, renderCard }: Props) {
  const [colourBy, setColourBy] = useState<ColourBy>('year');
  const [lassoMode, setLassoMode] = useState(false);
  const [opened, setOpened] = useState<string | null>(null);
  const colouring = useMemo(() => colourPoints(map.points, colourBy), [map.points, colourBy]);
  const selected = useMemo(
    () => (selection ? selectedIds(map.points, selection) : null),
    [map.points, selection],
  );

  if (map.too_few)
    return (
      <Alert variant="light" className="border" data-testid="map-too-few">
        Too few of these results have a meaning to place on a map (a map needs at least 10), so they are shown
        as a list.
      </Alert>
    );

  return (
    <section aria-label="Map of the results" className="mb-3" data-testid="result-map">
      <div className="d-flex flex-wrap align-items-end gap-3 mb-2">
        <SmallSelect
          controlId="map-colour-by"
          label="Colour by"
          options={COLOUR_CHOICES}
          value={colourBy}
          onChange={setColourBy}
        />
        <Button
          size="sm"
          variant={lassoMode ? 'primary' : 'outline-primary'}
          aria-pressed={lassoMode}
          onClick={() => setLassoMode(!lassoMode)}
        >
          Draw a lasso
        </Button>
        {selection ? (
          <Button size="sm" variant="outline-secondary" onClick={() => onSelect(null)}>
            Show all on the map
          </Button>
        ) : null}
      </div>
      <ul className="list-unstyled d-flex flex-wrap gap-3 small mb-2" aria-label="Legend">
        {colouring.legend.map((entry) => (
          <li key={entry.label} className="d-flex align-items-center gap-1">
            <span
              aria-hidden="true"
              className="d-inline-block rounded-circle"
              style={{ width: 12, height: 12, background: entry.colour }}
            />
            {entry.label} ({entry.count})
          </li>
        ))}
      </ul>
      <MapCanvas
        points={map.points}
        regions={map.regions}
        colours={colouring.colours}
        selected={selected}
        lassoMode={lassoMode}
        onOpen={setOpened}
        onRegion={(region) => onSelect({ region })}
        onLasso={(lasso) => {
          setLassoMode(false);
          onSelect({ lasso });
        }}
      />
      {selection && 'lasso' in selection && selectedCount === 0 ? (
        <Alert variant="warning" className="mt-2" data-testid="lasso-empty">
          The lasso holds no patents. Draw it around some points, or show all.
        </Alert>
      ) : null}
      {opened ? (
        <div className="mt-3" data-testid="map-opened-card">
          {renderCard(opened)}
          <Button size="sm" variant="link" onClick={() => setOpened(null)}>
            Close this card
          </Button>
        </div>
      ) : null}
      <Table size="sm" responsive className="mt-3 small" data-testid="map-regions-table">
        <caption>The map's regions: the words that set each apart, and how many patents it holds.</caption>
        <thead>
          <tr>
            <th scope="col">Region</th>
            <th scope="col">Words</th>
            <th scope="col">Patents</th>
          </tr>
        </thead>
        <tbody>
          {map.regions.map((region) => (
            <tr key={region.id}>
              <td>
                <Button
                  size="sm"
                  variant="link"
                  className="p-0"
                  onClick={() => onSelect({ region: region.id })}
                >
                  Region {region.id + 1}
                </Button>
              </td>
              <td>{region.words.join(', ')}</td>
              <td>{region.size}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {map.not_placed.length > 0 ? (
        <div data-testid="map-not-placed">
          <h2 className="h6">Not placed ({map.not_placed.length})</h2>
          <p className="small text-muted mb-1">These have no meaning yet, so the map cannot place them.</p>
          <ul className="small">
            {map.not_placed.map((family) => (
              <li key={family.lens_id}>
                {family.title} ({family.owner ?? 'Owner not recorded'}, {family.year})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
