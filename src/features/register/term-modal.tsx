import { lazy, Suspense } from 'react';
import type { Term } from '#protocol/endpoints';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { commonTexts } from '../../i18n/zh-TW/common';
import { registerTexts } from '../../i18n/zh-TW/register';

// DOMPurify (10 KiB gzip) loads when a term is first opened, not with the registration screen.
const SanitizedHtml = lazy(async () => ({ default: (await import('../../components/sanitized-html')).SanitizedHtml }));

interface TermModalProps {
  term: Term | null;
  onAgree: (term: Term) => void;
  onClose: () => void;
}

/** One term to read: its title, its sanitized HTML in a scrollable box, and the agree button. */
export function TermModal({ term, onAgree, onClose }: TermModalProps) {
  return (
    <Modal
      open={term !== null}
      title={term?.title ?? ''}
      onClose={onClose}
      footer={
        <>
          <Button onClick={() => term && onAgree(term)}>{registerTexts.termAccept}</Button>
          <Button variant="secondary" onClick={onClose}>
            {commonTexts.close}
          </Button>
        </>
      }
    >
      {term ? (
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box takes focus so the keyboard can scroll it.
          tabIndex={0}
          aria-label={term.title}
          className="max-h-[55dvh] [&_a]:text-brand-700 [&_a]:underline [&_h3]:mt-3 [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mb-2 [&_ul]:list-disc [&_ul]:pl-5 overflow-y-auto rounded-xl border border-gray-200 p-3 text-left text-sm leading-relaxed focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Suspense fallback={<p className="text-ink-muted">{commonTexts.loading}</p>}>
            <SanitizedHtml html={term.content} />
          </Suspense>
        </section>
      ) : null}
    </Modal>
  );
}
