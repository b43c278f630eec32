export { createI18n } from './i18n';
export { loadCatalog, loadRestOfCatalog, catalogsFor, type MessageKey, type Catalog } from './catalogs';
export { LocaleProvider, useSwitchLocale, applyDocumentLocale } from './LocaleProvider';
export { useT, type Translate, type MessageValues } from './useT';
export { richT } from './rich';
