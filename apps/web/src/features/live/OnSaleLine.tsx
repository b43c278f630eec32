import { richT, useT } from '../../i18n';

/** "On sale: …", the one product of a single-product stream, under its bid banner. */
export function OnSaleLine({ title }: { title: string }) {
  const { t } = useT();
  return (
    <p className="muted live__product">
      {richT(t, 'live.onSale', {
        title: (
          <strong>
            <bdi>{title}</bdi>
          </strong>
        ),
      })}
    </p>
  );
}
