import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

interface Props {
  /** The landmark the card is: a section of the page, or an aside beside it. */
  as: 'section' | 'aside';
  /** The heading's id, which names the landmark. */
  titleId: string;
  title: string;
  className?: string;
  children: ReactNode;
}

/** A card that is a landmark of the page, named by its heading. */
export function TitledCard({ as, titleId, title, className, children }: Props) {
  return (
    <Card
      as={as}
      aria-labelledby={titleId}
      className={className === undefined ? 'shadow-sm' : `shadow-sm ${className}`}
    >
      <Card.Body>
        <h2 id={titleId} className="h5">
          {title}
        </h2>
        {children}
      </Card.Body>
    </Card>
  );
}
