import { useId, useRef, useState, type FormEvent } from 'react';
import { MSG, MUTED_WORD_MAX_CHARS, MUTED_WORDS_MAX } from '@souq/shared';
import type { FormCheck } from '../../../components/form-check';
import { Skeleton } from '../../../components/Skeleton';
import { useForm } from '../../../components/useForm';
import { useT } from '../../../i18n';
import { useAddModerator, useModerators, useMutedWords, useRemoveModerator } from '../host-api';
import { PersonRow } from './PersonRow';

/** The host's moderators (for all their shows): add by username, remove. */
export function ModeratorsPanel() {
  const { t, m } = useT();
  const titleId = useId();
  const inputId = useId();
  const moderators = useModerators();
  const add = useAddModerator();
  const remove = useRemoveModerator();
  const input = useRef<HTMLInputElement>(null);
  const [added, setAdded] = useState<string | null>(null);
  const form = useForm({
    initial: { username: '' },
    check: ({ username }): FormCheck<string> => {
      const name = username.trim();
      return name ? { ok: true, data: name } : { ok: false, fields: { username: MSG.usernameRequired } };
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    setAdded(null);
    return form.submit(event, async (name) => {
      const user = await add.mutateAsync(name);
      form.setValues({ username: '' });
      setAdded(user.username);
    });
  }

  // On the one field either way: the check's words and the server's (no such person, already one).
  const error = form.fields.username ?? form.error;
  return (
    <section className="card host-panel" aria-labelledby={titleId} data-testid="moderators">
      <h2 id={titleId}>{t('host.mods.title')}</h2>
      <p className="field__hint">{t('host.mods.hint')}</p>
      {moderators.isPending ? (
        <div role="status" aria-label={t('host.mods.title')}>
          <Skeleton height={44} />
        </div>
      ) : moderators.data?.length ? (
        <ul className="host-list">
          {moderators.data.map((user) => (
            <PersonRow key={user.id} user={user} testId="moderator">
              <button
                type="button"
                className="btn btn--ghost"
                disabled={remove.isPending}
                onClick={() => remove.mutate(user.id, { onSuccess: () => input.current?.focus() })}
                aria-label={t('host.mods.remove', { user: user.username })}
              >
                {t('host.mods.removeShort')}
              </button>
            </PersonRow>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('host.mods.empty')}</p>
      )}
      <form className="host-inline-form" onSubmit={submit} noValidate>
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label htmlFor={inputId}>{t('host.mods.username')}</label>
          <input
            ref={input}
            id={inputId}
            {...form.bind('username')}
            autoComplete="off"
            autoCapitalize="none"
            maxLength={60}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-note` : undefined}
          />
          {error && (
            <small id={`${inputId}-note`} className="field__error" role="alert">
              {m(error)}
            </small>
          )}
        </div>
        <button type="submit" className="btn btn--primary" disabled={form.pending}>
          {t('host.mods.add')}
        </button>
      </form>
      {(added || remove.error) && (
        <p className={remove.error ? 'form-error' : 'notice notice--info'} role="status">
          {remove.error ? m(remove.error.message) : t('host.mods.added', { user: added ?? '' })}
        </p>
      )}
    </section>
  );
}

/** The words split as the host typed them: one per line (or comma), trimmed, each once. */
export function wordsOf(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[\n,،]/)
    .map((w) => w.trim())
    .filter((w) => w && !seen.has(w.toLowerCase()) && (seen.add(w.toLowerCase()), true));
}

/** The show's muted words: a message holding one is hidden from everyone but its sender. */
export function MutedWordsEditor({ streamId, words }: { streamId: string; words: string[] }) {
  const { t, m } = useT();
  const titleId = useId();
  const inputId = useId();
  const save = useMutedWords(streamId);
  const saved = words.join('\n');
  const form = useForm({
    initial: { words: saved },
    check: ({ words: text }): FormCheck<string[]> => {
      const list = wordsOf(text);
      const problem =
        list.length > MUTED_WORDS_MAX
          ? MSG.mutedWordsTooMany
          : list.some((w) => w.length > MUTED_WORD_MAX_CHARS)
            ? MSG.mutedWordInvalid
            : null;
      return problem ? { ok: false, fields: { words: problem } } : { ok: true, data: list };
    },
  });
  // The box takes the saved words whenever they change (this save, a moderator's), in place:
  // remounting on them would also drop this save's "Muted words saved.".
  const [shown, setShown] = useState(saved);
  if (saved !== shown) {
    setShown(saved);
    form.setValues({ words: saved });
  }

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, async (list) => {
      const answer = await save.mutateAsync(list);
      form.setValues({ words: answer.words.join('\n') });
    });

  const error = form.fields.words ?? form.error;
  return (
    <section className="card host-panel" aria-labelledby={titleId} data-testid="muted-words">
      <h2 id={titleId}>{t('host.words.title')}</h2>
      <form onSubmit={submit} noValidate>
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label htmlFor={inputId}>{t('host.words.label')}</label>
          <textarea
            id={inputId}
            rows={4}
            {...form.bind('words')}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${inputId}-note`}
          />
          <small id={`${inputId}-note`} className={error ? 'field__error' : 'field__hint'}>
            {error ? m(error) : t('host.words.hint')}
          </small>
        </div>
        <button type="submit" className="btn btn--primary" disabled={form.pending}>
          {t('host.words.save')}
        </button>
        <p className="muted" role="status">
          {save.isSuccess && !save.isPending ? t('host.words.saved') : ''}
        </p>
      </form>
    </section>
  );
}
