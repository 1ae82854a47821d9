import { appTexts } from '../i18n/zh-TW/app';

/** The bare root address shows only the word the spec gives, as the page's one heading. */
export function RootError() {
  return (
    <main className="p-4">
      <h1 tabIndex={-1} className="text-base font-normal outline-none">
        {appTexts.rootError}
      </h1>
    </main>
  );
}
