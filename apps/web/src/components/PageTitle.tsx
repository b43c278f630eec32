import { useEffect, type ReactNode } from 'react';

/** The page's heading, also used as the tab title. */
export function PageTitle({ children, subtitle }: { children: string; subtitle?: ReactNode }) {
  useEffect(() => {
    document.title = `${children} · Souq`;
  }, [children]);
  return (
    <div className="page-title">
      <h1>{children}</h1>
      {subtitle && <p className="muted">{subtitle}</p>}
    </div>
  );
}
