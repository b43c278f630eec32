import { useT, useSwitchLocale } from '../i18n';

/** `العربية` in English, `English` in Arabic (issue 29): each named in its own language. */
export function LanguageSwitch() {
  const { t, locale } = useT();
  const switchTo = useSwitchLocale();
  const other = locale === 'ar' ? 'en' : 'ar';
  return (
    <button type="button" className="language-switch" lang={other} onClick={() => void switchTo(other)}>
      {t('app.language.switch')}
    </button>
  );
}
