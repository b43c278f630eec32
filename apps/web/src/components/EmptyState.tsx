import type { ReactNode } from 'react';
import { useT } from '../i18n';

/** `title` may be a shared message (MSG) or the server's words: it is shown in the page's language. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  const { m } = useT();
  return (
    <div className="empty">
      <svg viewBox="0 0 64 64" aria-hidden="true" className="empty__art">
        <rect x="10" y="20" width="44" height="34" rx="6" fill="#d9f2ee" />
        <path d="M22 20a10 10 0 0 1 20 0" fill="none" stroke="#0f766e" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <p className="empty__title">{m(title)}</p>
      {children}
    </div>
  );
}
