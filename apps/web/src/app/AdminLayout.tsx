import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { MSG } from '@souq/shared';
import { EmptyState } from '../components/EmptyState';
import { PageTitle } from '../components/PageTitle';
import { Spinner } from '../components/Spinner';
import { RequireAuth } from '../features/auth/RequireAuth';
import { useSession } from '../features/auth/api';
import { useT, type MessageKey } from '../i18n';

const NAV: Array<{ to: string; label: MessageKey; end?: boolean }> = [
  { to: '/admin', label: 'admin.nav.reports', end: true },
  { to: '/admin/disputes', label: 'admin.nav.disputes' },
  { to: '/admin/strikes', label: 'admin.nav.strikes' },
  { to: '/admin/cod', label: 'admin.nav.cod' },
  { to: '/admin/data-rights', label: 'privacy.staff.nav' },
  { to: '/admin/audit', label: 'admin.nav.audit' },
];

/**
 * The staff pages' shared frame (issue 31): their nav, and the refusal anyone else sees. The
 * server refuses every staff route on its own; this only saves others a page of errors.
 * Wrap a staff page's content: `<AdminLayout title={…}>…</AdminLayout>`.
 */
export function AdminLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <RequireAuth notice={MSG.staffOnly}>
      <StaffOnly title={title}>{children}</StaffOnly>
    </RequireAuth>
  );
}

function StaffOnly({ title, children }: { title: string; children: ReactNode }) {
  const { t, m } = useT();
  const { user, loading } = useSession();
  if (loading) return <Spinner label={t('admin.loading')} />;
  if (!user?.staff)
    return (
      <div data-testid="admin-refused">
        <PageTitle>{t('admin.title')}</PageTitle>
        <EmptyState title={m(MSG.staffOnly)}>
          <p className="muted">{t('admin.refusedHint')}</p>
        </EmptyState>
      </div>
    );
  return (
    <div className="admin">
      <nav className="admin__nav" aria-label={t('admin.nav.label')}>
        {NAV.map((item) => (
          <NavLink key={item.to} to={item.to} end={item.end} className="admin__tab">
            {t(item.label)}
          </NavLink>
        ))}
      </nav>
      <PageTitle>{title}</PageTitle>
      {children}
    </div>
  );
}
