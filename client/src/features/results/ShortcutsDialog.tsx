import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';

export const RESULTS_SHORTCUTS: ReadonlyArray<{ keys: string[]; does: string }> = [
  { keys: ['/'], does: 'Search again: opens the search box with this query' },
  { keys: ['j'], does: 'Next result' },
  { keys: ['k'], does: 'Previous result' },
  { keys: ['o', 'Enter'], does: 'Open the selected result' },
  { keys: ['f'], does: 'Save the selected result to favourites, or remove it' },
  { keys: ['?'], does: 'Show these shortcuts' },
];

/** The results page's keyboard shortcuts, listed in a dialog (`?`). */
export function ShortcutsDialog({ show, onHide }: { show: boolean; onHide: () => void }) {
  return (
    <Modal show={show} onHide={onHide} aria-labelledby="shortcuts-title" centered>
      <Modal.Header closeButton>
        <Modal.Title id="shortcuts-title" as="h2" className="h5">
          Keyboard shortcuts
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Table size="sm" className="mb-0">
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Does</th>
            </tr>
          </thead>
          <tbody>
            {RESULTS_SHORTCUTS.map((shortcut) => (
              <tr key={shortcut.does}>
                <td>
                  {shortcut.keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 ? ' or ' : null}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </td>
                <td>{shortcut.does}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <p className="small text-muted mt-2 mb-0">Shortcuts do nothing while you type in a field.</p>
      </Modal.Body>
    </Modal>
  );
}
