import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../i18n';

/** Submitting non-empty trimmed text goes to /search?q=; blank text goes nowhere. */
export function SearchBar() {
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const navigate = useNavigate();
  const { t } = useT();

  function submit(e: FormEvent) {
    e.preventDefault();
    const q = text.trim();
    if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
  }

  return (
    <form className="search" role="search" onSubmit={submit}>
      <input
        type="search"
        aria-label={t('components.search.label')}
        placeholder={t('components.search.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" aria-label={t('components.search.submit')}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"
          />
        </svg>
      </button>
    </form>
  );
}
