import { Fragment, type ReactNode } from 'react';
import type { MessageKey } from './catalogs';
import type { MessageValues, Translate } from './useT';

const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARK = /\uE000(\w+)\uE001/;

/**
 * A message with elements inside it (a bold price, a username in <bdi>, a link): each element's
 * placeholder is filled with a private-use mark, and the translated text is cut at the marks, so
 * each language places the elements where its sentence needs them.
 */
export function richT(
  t: Translate,
  key: MessageKey,
  nodes: Record<string, ReactNode>,
  values: MessageValues = {},
): ReactNode[] {
  const marked: MessageValues = { ...values };
  for (const name of Object.keys(nodes)) marked[name] = `${OPEN}${name}${CLOSE}`;
  return t(key, marked)
    .split(MARK)
    .map((part, i) => (i % 2 === 0 ? part : <Fragment key={i}>{nodes[part]}</Fragment>));
}
