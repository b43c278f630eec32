import { useT, useSwitchLocale } from '../i18n';

/**
 * `العربية` in English, `English` in Arabic (issue 29): each named in its own language. On a phone
 * the header has no room for the word beside search, account and cart, so it shows `ع` or `EN`,
 * as Gulf apps do; the button's name stays the whole word.
 */
export function LanguageSwitch() {
  const { t, locale } = useT();
  const switchTo = useSwitchLocale();
  const other = locale === 'ar' ? 'en' : 'ar';
  return (
    <button type="button" className="language-switch" lang={other} onClick={() => void switchTo(other)}>
      <span className="language-switch__word">{t('app.language.switch')}</span>
      <span className="language-switch__short" aria-hidden="true">
        {other === 'ar' ? 'ع' : 'EN'}
      </span>
    </button>
  );
}
