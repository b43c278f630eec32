import { useT } from '../../i18n';
import { ImagePicker, type usePickedImages } from './ImagePicker';
import type { ProductFields } from './useProductForm';

interface Props {
  id: string;
  kit: ProductFields;
  picked: ReturnType<typeof usePickedImages>;
}

/** A new product's photos, the first step. */
export function PhotosSection({ id, kit, picked }: Props) {
  const { t } = useT();
  const { fields, pending, say } = kit;
  return (
    <section className="form-section">
      <h2>{t('sell.form.photos')}</h2>
      <p className="form-section__lead">{t('sell.form.photosLead')}</p>
      <ImagePicker
        id={id}
        picked={picked}
        error={say(fields.images)}
        disabled={pending}
        onChange={() => kit.clearField('images')}
      />
    </section>
  );
}
