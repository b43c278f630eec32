import { useRef, useState } from 'react';
import { ProfileSchema, type PublicProfile } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { TextField } from '../../components/TextField';
import { UploadProgress } from '../../components/UploadProgress';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
import { useT } from '../../i18n';
import { useUpdateProfile, useUploadPhoto } from './api';

/** Username (required, unique), read-only email, photo, bio and contact email. */
export function EditProfileForm({
  profile,
  email,
  onSaved,
}: {
  profile: PublicProfile;
  email: string;
  onSaved: () => void;
}) {
  const { t, m } = useT();
  const say = (message: string | null | undefined) => (message ? m(message) : undefined);
  const form = useForm({
    initial: { username: profile.username, bio: profile.bio, contactEmail: profile.contactEmail ?? '' },
    check: bySchema(ProfileSchema),
  });
  const [photo, setPhoto] = useState(profile.profilePic);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadPhoto = useUploadPhoto(setProgress);
  const save = useUpdateProfile();

  async function upload(file: File) {
    setPhotoError(null);
    setUploading(true);
    try {
      const { profilePic } = await uploadPhoto.mutateAsync(file);
      setPhoto(profilePic);
    } catch (error) {
      setPhotoError((error as Error).message);
    } finally {
      setUploading(false);
      setProgress(null);
    }
  }

  return (
    <form
      className="card"
      noValidate
      onSubmit={(e) => {
        void form.submit(e, async (data) => {
          await save.mutateAsync(data);
          onSaved();
        });
      }}
    >
      <div className="photo-field">
        <img src={photo} alt={t('profiles.edit.photo')} width={96} height={96} className="profile__photo" />
        <div>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={uploading}
            onClick={() => fileInput.current?.click()}
          >
            {uploading ? t('profiles.edit.uploading') : t('profiles.edit.changePhoto')}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            aria-label={t('profiles.edit.photoInput')}
            onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
          />
          {uploading && <UploadProgress fraction={progress} label={t('profiles.edit.uploadProgress')} />}
          {photoError && <p className="field__error">{m(photoError)}</p>}
        </div>
      </div>
      <TextField
        label={t('profiles.edit.username')}
        autoComplete="username"
        {...form.bind('username')}
        error={say(form.fields.username)}
      />
      <TextField
        label={t('profiles.edit.email')}
        value={email}
        dir="ltr"
        readOnly
        disabled
        hint={t('profiles.edit.emailHint')}
      />
      <div className={`field${form.fields.bio ? ' field--invalid' : ''}`}>
        <label htmlFor="bio">{t('profiles.edit.bio')}</label>
        <textarea id="bio" maxLength={500} {...form.bind('bio')} />
        {form.fields.bio && <small className="field__error">{m(form.fields.bio)}</small>}
      </div>
      {/* Opt-in: the sign-in email stays private unless the user publishes an address here. */}
      <TextField
        label={t('profiles.edit.contactEmail')}
        type="email"
        dir="ltr"
        {...form.bind('contactEmail')}
        error={say(form.fields.contactEmail)}
        hint={t('profiles.edit.contactEmailHint')}
      />
      {!form.values.contactEmail && (
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => form.setValues((v) => ({ ...v, contactEmail: email }))}
        >
          {t('profiles.edit.showSignInEmail')}
        </button>
      )}
      <FormError message={say(form.error)} />
      <button type="submit" className="btn btn--primary" disabled={form.pending}>
        {form.pending ? t('profiles.edit.saving') : t('profiles.edit.save')}
      </button>
    </form>
  );
}
