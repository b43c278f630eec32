import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MAX_AUCTION_MS, MIN_AUCTION_MS, MSG, type FieldErrors } from '@souq/shared';
import { serverNow } from '../../api/server-clock';
import { gulfInputValue } from '../../components/dates';
import { useForm } from '../../components/useForm';
import { useStartAuction } from './api';
import { checkStart, EMPTY_START, type StartValues } from './start-auction-form';

/** What each part of the Move to Auction form reads and writes. */
export interface StartFieldsProps {
  values: StartValues;
  fields: FieldErrors;
  pending: boolean;
  set: <K extends keyof StartValues>(name: K, value: StartValues[K]) => void;
}

/** MoveToAuctionDialog's form: its values and errors, the date picker's bounds, and starting the auction. */
export function useMoveToAuction(productId: string) {
  const navigate = useNavigate();
  const start = useStartAuction(productId);
  // In a dialog, a 401 is said here, above the buttons, rather than a trip to the login page that would close it.
  const form = useForm({
    initial: EMPTY_START,
    check: (values: StartValues) => checkStart(values, serverNow()),
    summary: MSG.correctErrors,
    signInHere: true,
    focusOnlyFields: true,
  });
  const { fields } = form;
  // The picker's bounds, from the server's clock, fixed while the dialog is open.
  const [bounds] = useState(() => {
    const now = serverNow();
    return { min: gulfInputValue(now + MIN_AUCTION_MS + 60_000), max: gulfInputValue(now + MAX_AUCTION_MS) };
  });

  const set: StartFieldsProps['set'] = (name, value) => {
    form.edit(name, value);
    // The red line goes with the last message it summed up.
    if (Object.keys(fields).every((field) => field === name)) form.setError(null);
  };

  function submit(e: FormEvent<HTMLFormElement>) {
    void form.submit(e, async (data) => {
      const { id } = await start.mutateAsync(data);
      navigate(`/auction/${id}`);
    });
  }

  return { form, bounds, set, submit };
}
