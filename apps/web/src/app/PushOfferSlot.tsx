import { lazy, Suspense, useEffect, useState } from 'react';
import { PUSH_OFFER_EVENT, pushOfferState } from '../api/engagement';
import { useSession } from '../features/auth/api';
import { loadRestOfCatalog } from '../i18n';

// Fetched only when the offer is due: a first visit never carries it (issue 11's budget).
const PushOffer = lazy(() =>
  Promise.all([import('../features/push/PushOffer'), loadRestOfCatalog()]).then(([module]) => module),
);

/** Where "Get notified on this phone" appears, once it is due (api/engagement.ts), for someone signed in. */
export function PushOfferSlot() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const check = () => {
      if (pushOfferState() === 'due') setOpen(true);
    };
    check();
    window.addEventListener(PUSH_OFFER_EVENT, check);
    return () => window.removeEventListener(PUSH_OFFER_EVENT, check);
  }, []);
  if (!user || !open) return null;
  return (
    <Suspense fallback={null}>
      <PushOffer onClose={() => setOpen(false)} />
    </Suspense>
  );
}
