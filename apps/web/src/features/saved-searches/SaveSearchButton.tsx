import { useState } from 'react';
import { useT } from '../../i18n';
import { SaveSearchDialog, type SearchShown } from './SaveSearchDialog';

/**
 * "Save this search" on the search page and the auction list. `allowed` is the page's gate
 * (signed in, email verified): it sends a visitor to sign in or opens the verification prompt.
 */
export function SaveSearchButton({ shown, allowed }: { shown: SearchShown; allowed: () => boolean }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  // Nothing to save: with neither words nor a category it would match everything.
  if (!shown.text && !shown.category) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost"
        aria-haspopup="dialog"
        data-testid="save-search"
        onClick={() => allowed() && setOpen(true)}
      >
        {t('searches.button')}
      </button>
      {open && <SaveSearchDialog shown={shown} onClose={() => setOpen(false)} />}
    </>
  );
}
