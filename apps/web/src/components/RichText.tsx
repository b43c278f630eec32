import type { ReactNode } from 'react';
import { richT, useT, type MessageKey, type MessageValues } from '../i18n';

/**
 * A message with page parts in it (a <strong> order number, a <Money>, a name in <bdi>), so that
 * each language puts them where its sentence needs them (richT).
 */
export function RichText({
  id,
  values,
  parts,
}: {
  id: MessageKey;
  values?: MessageValues;
  parts: Record<string, ReactNode>;
}) {
  const { t } = useT();
  return <>{richT(t, id, parts, values)}</>;
}
