import { t } from '../i18n/zh-TW';

/** The bare root address shows only the word the spec gives. */
export function RootError() {
  return <p className="p-4">{t.app.rootError}</p>;
}
