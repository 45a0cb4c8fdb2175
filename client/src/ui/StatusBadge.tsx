import Badge from 'react-bootstrap/Badge';

const GREEN = new Set(['ACTIVE', 'PATENTED']);
const RED = new Set(['EXPIRED', 'DISCONTINUED']);

function colourOf(status: string): { bg: string; text?: 'dark' } {
  if (GREEN.has(status)) return { bg: 'success' };
  if (status === 'PENDING') return { bg: 'warning', text: 'dark' };
  if (RED.has(status)) return { bg: 'danger' };
  return { bg: 'primary' };
}

/** A patent's legal status: ACTIVE and PATENTED green, PENDING yellow, EXPIRED and DISCONTINUED red, others blue. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const normalised = (status ?? 'UNKNOWN').trim().toUpperCase().replace(/\s+/g, '_') || 'UNKNOWN';
  const { bg, text } = colourOf(normalised);
  return (
    <Badge bg={bg} text={text} pill className="text-uppercase" title="Legal status">
      {normalised.replace(/_/g, ' ')}
    </Badge>
  );
}
