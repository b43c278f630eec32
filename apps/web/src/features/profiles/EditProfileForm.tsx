import { useRef, useState } from 'react';
import { ProfileSchema, type PublicProfile } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { TextField } from '../../components/TextField';
import { UploadProgress } from '../../components/UploadProgress';
import { bySchema } from '../../components/form-check';
import { useForm } from '../../components/useForm';
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
        <img src={photo} alt="Your profile photo" width={96} height={96} className="profile__photo" />
        <div>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={uploading}
            onClick={() => fileInput.current?.click()}
          >
            {uploading ? 'Uploading…' : 'Change photo'}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            aria-label="Profile photo"
            onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
          />
          {uploading && <UploadProgress fraction={progress} />}
          {photoError && <p className="field__error">{photoError}</p>}
        </div>
      </div>
      <TextField label="Username" autoComplete="username" {...form.bind('username')} error={form.fields.username} />
      <TextField label="Email" value={email} readOnly disabled hint="Your sign-in email cannot be changed here." />
      <div className={`field${form.fields.bio ? ' field--invalid' : ''}`}>
        <label htmlFor="bio">Bio</label>
        <textarea id="bio" maxLength={500} {...form.bind('bio')} />
        {form.fields.bio && <small className="field__error">{form.fields.bio}</small>}
      </div>
      {/* Opt-in: the sign-in email stays private unless the user publishes an address here. */}
      <TextField
        label="Contact email (optional)"
        type="email"
        {...form.bind('contactEmail')}
        error={form.fields.contactEmail}
        hint="Shown to everyone on your profile so buyers can reach you. Leave it empty to keep your email private."
      />
      {!form.values.contactEmail && (
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => form.setValues((v) => ({ ...v, contactEmail: email }))}
        >
          Show my sign-in email on my profile
        </button>
      )}
      <FormError message={form.error} />
      <button type="submit" className="btn btn--primary" disabled={form.pending}>
        {form.pending ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}
