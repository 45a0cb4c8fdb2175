import type { ReactNode } from 'react';

/** One part of the insights page under its heading, which names it for assistive technology. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-5">
      <h2 id={id} className="h4 mb-3">
        {title}
      </h2>
      {children}
    </section>
  );
}
