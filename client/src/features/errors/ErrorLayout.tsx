import type { ReactNode } from 'react';

export function ErrorLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="text-center py-5" aria-labelledby="error-title">
      <h1 id="error-title" className="display-5 mb-3">
        {title}
      </h1>
      {children}
    </section>
  );
}
