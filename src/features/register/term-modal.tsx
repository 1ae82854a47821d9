import { type QueryClient, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { Term } from '#protocol/endpoints';
import { asCallFailure, failureMessage, loadedCode } from '../../api/client';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { commonTexts } from '../../i18n/zh-TW/common';
import { registerTexts } from '../../i18n/zh-TW/register';

// DOMPurify (10 KiB gzip) is not loaded with the registration screen: it comes once the member
// first touches step 1 (StepOneScreen), or when a term is first opened.
// Asked for as a query, not with React.lazy: on a weak signal it can be lost on the way, and a
// lazy component keeps that failure for good, where a query can ask the browser again.
const termReader = {
  queryKey: ['term-reader'],
  queryFn: async () => (await loadedCode(import('../../components/sanitized-html'))).SanitizedHtml,
  staleTime: Number.POSITIVE_INFINITY,
} as const;

/** Asks for the term reader before a term is opened; a failure is asked again when one is. */
export const prefetchTermReader = (queryClient: QueryClient) => void queryClient.prefetchQuery(termReader);

type TermReader = UseQueryResult<Awaited<ReturnType<typeof termReader.queryFn>>>;

/** A term's content once its reader has come; while it comes, or if it did not, what the member can do. */
function TermContent({ html, reader }: { html: string; reader: TermReader }) {
  if (reader.data) return <reader.data html={html} />;
  if (reader.isError && !reader.isFetching) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-2 text-center">
        <p className="text-ink">{failureMessage(asCallFailure(reader.error))}</p>
        <Button variant="secondary" onClick={() => void reader.refetch()}>
          {commonTexts.tryAgain}
        </Button>
      </div>
    );
  }
  return <p className="text-ink-muted">{commonTexts.loading}</p>;
}

interface TermModalProps {
  term: Term | null;
  onAgree: (term: Term) => void;
  onClose: () => void;
}

/** One term to read: its title, its sanitized HTML in a scrollable box, and the agree button. */
export function TermModal({ term, onAgree, onClose }: TermModalProps) {
  // Asked for once a term opens, not with the screen.
  const reader = useQuery({ ...termReader, enabled: term !== null });
  return (
    <Modal
      open={term !== null}
      title={term?.title ?? ''}
      onClose={onClose}
      footer={
        <>
          {/* "I have read and agree": not before the term can be read, while it comes or if it did not. */}
          <Button disabled={!reader.data} onClick={() => term && onAgree(term)}>
            {registerTexts.termAccept}
          </Button>
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
          <TermContent html={term.content} reader={reader} />
        </section>
      ) : null}
    </Modal>
  );
}
