import { Fragment, type ReactNode } from 'react';
import { useT, type MessageKey, type MessageValues } from '../i18n';

/** Stands for a part while the message is formatted: an invisible separator, never typed by anyone. */
const MARK = '\u2063';
const PART = new RegExp(`${MARK}(\\w+)${MARK}`);

/**
 * A message with page parts in it (a <strong> order number, a <Money>, a name in <bdi>), so that
 * each language puts them where its sentence needs them: `parts` are placed at their
 * placeholders, `values` formatted as in `t`.
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
  const marks = Object.fromEntries(Object.keys(parts).map((name) => [name, `${MARK}${name}${MARK}`]));
  const pieces = t(id, { ...values, ...marks }).split(PART);
  // split() with a group alternates text and part names: text at even places, names at odd ones.
  return <>{pieces.map((piece, i) => (i % 2 === 0 ? piece : <Fragment key={i}>{parts[piece]}</Fragment>))}</>;
}
