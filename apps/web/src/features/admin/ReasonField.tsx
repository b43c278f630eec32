import { STAFF_REASON_MAX } from '@souq/shared';
import { Field } from '../../components/Field';
import { useT } from '../../i18n';

/** The reason every staff action needs (issue 31): it goes into the audit log. */
export function ReasonField({
  value,
  error,
  hint,
  disabled,
  onChange,
}: {
  value: string;
  error?: string;
  hint?: string;
  disabled: boolean;
  onChange: (reason: string) => void;
}) {
  const { t } = useT();
  return (
    <Field label={t('admin.reasonLabel')} error={error} hint={hint}>
      {(c) => (
        <textarea
          {...c}
          name="reason"
          rows={3}
          maxLength={STAFF_REASON_MAX}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
