import { Fragment } from 'react';
import { useT } from '../../i18n';

/**
 * Parts of an address in a row, each isolated (a Latin street name in an Arabic page keeps its
 * order), separated by the page language's comma.
 */
export function AddressParts({ parts }: { parts: Array<string | null | undefined> }) {
  const { locale } = useT();
  const comma = locale === 'ar' ? '، ' : ', ';
  return (
    <>
      {parts
        .filter((p): p is string => !!p)
        .map((part, i) => (
          <Fragment key={i}>
            {i > 0 && comma}
            <bdi>{part}</bdi>
          </Fragment>
        ))}
    </>
  );
}
