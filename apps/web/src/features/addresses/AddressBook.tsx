import { useState } from 'react';
import { mapsLink, type SavedAddressView } from '@souq/shared';
import { AddressParts } from '../../components/address/AddressParts';
import { useEmirateName } from '../../components/address/emirates';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Skeleton } from '../../components/Skeleton';
import { useConfirm } from '../../components/useConfirm';
import { useT } from '../../i18n';
import '../../components/address/address.css';
import { AddressForm } from './AddressForm';
import { useAddressBook, useMakeDefault, useRemoveAddress } from './api';

/** My Account's address book: the addresses checkout offers, one of them the default. */
export function AddressBook() {
  const { t } = useT();
  const book = useAddressBook();
  // 'new', an address's id, or null while only the list shows.
  const [editing, setEditing] = useState<string | null>(null);

  if (book.isPending)
    return (
      <div aria-busy="true" aria-label={t('addresses.loading')}>
        <Skeleton height={96} />
        <Skeleton height={96} />
      </div>
    );
  if (book.isError) return <ErrorState title={t('addresses.error')} onRetry={() => void book.refetch()} />;
  if (editing !== null)
    return <AddressForm editing={book.data.find((a) => a.id === editing)} onDone={() => setEditing(null)} />;
  if (!book.data.length)
    return (
      <EmptyState title={t('addresses.empty')}>
        <p className="muted">{t('addresses.emptyHint')}</p>
        <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
          {t('addresses.add')}
        </button>
      </EmptyState>
    );
  return (
    <>
      <ul className="address-book" data-testid="address-book">
        {book.data.map((a) => (
          <AddressCard key={a.id} address={a} onEdit={() => setEditing(a.id)} />
        ))}
      </ul>
      <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
        {t('addresses.add')}
      </button>
    </>
  );
}

function AddressCard({ address: a, onEdit }: { address: SavedAddressView; onEdit: () => void }) {
  const { t } = useT();
  const emirateName = useEmirateName();
  const remove = useRemoveAddress();
  const makeDefault = useMakeDefault();
  const [ask, dialog] = useConfirm();
  return (
    <li className="card address-card">
      <p>
        <strong>
          <AddressParts parts={[a.building, a.flat && t('addresses.flat', { flat: a.flat })]} />
        </strong>
        {a.isDefault && <span className="address-badge">{t('addresses.default')}</span>}
        <br />
        <AddressParts parts={[a.street, a.area, emirateName(a.emirate)]} />
        {a.landmark && (
          <>
            <br />
            <span className="muted">
              <bdi>{a.landmark}</bdi>
            </span>
          </>
        )}
        <br />
        <bdi dir="ltr">{a.phone}</bdi>
        {a.makani && (
          <>
            {' · '}
            {t('addresses.makaniLabel')} <bdi dir="ltr">{a.makani}</bdi>
          </>
        )}
        {a.location && (
          <>
            {' · '}
            <a href={mapsLink(a.location)} target="_blank" rel="noreferrer">
              {t('orders.address.openInMaps')}
            </a>
          </>
        )}
      </p>
      <div className="form-actions">
        <button type="button" className="btn btn--ghost btn--small" onClick={onEdit}>
          {t('addresses.edit')}
        </button>
        {!a.isDefault && (
          <button
            type="button"
            className="btn btn--ghost btn--small"
            disabled={makeDefault.isPending}
            onClick={() => makeDefault.mutate(a.id)}
          >
            {t('addresses.makeDefault')}
          </button>
        )}
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={remove.isPending}
          onClick={async () => {
            const yes = await ask({
              title: t('addresses.removeTitle'),
              confirmLabel: t('addresses.remove'),
              danger: true,
            });
            if (yes) remove.mutate(a.id);
          }}
        >
          {t('addresses.remove')}
        </button>
      </div>
      {dialog}
    </li>
  );
}
