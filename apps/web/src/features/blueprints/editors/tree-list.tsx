import type { ReactNode } from 'react';

/** A list of editor rows (fields, competences, widgets): a plain list for assistive technology. */
export function TreeList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul
      aria-label={label}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
    >
      {children}
    </ul>
  );
}
