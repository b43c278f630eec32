import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n';
import { Modal } from './Modal';

export interface ConfirmOptions {
  title: string;
  body?: string;
  confirmLabel: string;
  /** A destructive action gets the danger style. */
  danger?: boolean;
}

/**
 * The page's own confirmation dialog instead of the browser's confirm box: same question, but styled,
 * reachable by keyboard and screen readers, and focus returns to the button that asked.
 * Render the returned element; `ask` resolves with the person's answer.
 */
export function useConfirm(): [(options: ConfirmOptions) => Promise<boolean>, ReactNode] {
  const { t } = useT();
  const [asking, setAsking] = useState<ConfirmOptions | null>(null);
  const answer = useRef<(yes: boolean) => void>(() => undefined);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setAsking(options);
      }),
    [],
  );
  const close = (yes: boolean) => {
    setAsking(null);
    answer.current(yes);
  };

  const dialog = asking && (
    <Modal
      title={asking.title}
      onClose={() => close(false)}
      testId="confirm-dialog"
      confirm={{
        cancelLabel: t('components.confirm.cancel'),
        confirmLabel: asking.confirmLabel,
        onConfirm: () => close(true),
        danger: asking.danger,
      }}
    >
      {asking.body && <p>{asking.body}</p>}
    </Modal>
  );
  return [confirm, dialog];
}
