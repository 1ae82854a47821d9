import { useQuery } from '@tanstack/react-query';
import { type Ref, useState } from 'react';
import type { Term } from '#protocol/endpoints';
import { Button } from '../../components/button';
import { registerTexts } from '../../i18n/zh-TW/register';
import { registerTermsQueryOptions } from './api';
import { TermModal } from './term-modal';

interface TermListProps {
  agreed: ReadonlySet<string>;
  onAgree: (term: Term) => void;
  /** Said next to the terms, and linked to each term not agreed yet, after a try to go on without them. */
  error?: string | null;
  /** The first term not agreed yet, for the form to move focus to. */
  firstUnagreedRef?: Ref<HTMLInputElement>;
  /** The group itself, for the form to move focus to while no term has loaded. */
  groupRef?: Ref<HTMLFieldSetElement>;
}

const ERROR_ID = 'register-terms-errors';
const HINT_ID = 'register-terms-hint';

/** The register terms; each opens in a modal and counts as checked once the member agrees there. */
export function TermList({ agreed, onAgree, error = null, firstUnagreedRef, groupRef }: TermListProps) {
  // Not a suspending query: the rest of the form is usable while the terms load.
  const { data: terms, refetch, isFetching } = useQuery(registerTermsQueryOptions());
  const [reading, setReading] = useState<Term | null>(null);
  const firstUnagreedId = terms?.ok ? terms.value.find((term) => !agreed.has(term.id))?.id : undefined;

  return (
    // A group of checkboxes, not a region: a term may carry the same title, and its modal shows it as a region.
    <fieldset
      ref={groupRef}
      tabIndex={-1}
      aria-labelledby="register-terms-heading"
      aria-describedby={error ? ERROR_ID : undefined}
      aria-busy={terms === undefined || undefined}
      className="flex min-w-0 flex-col gap-2 focus:outline-none"
    >
      <h2 id="register-terms-heading" className="text-sm font-medium text-ink">
        {registerTexts.termsHeading}
      </h2>
      <p id={HINT_ID} className="text-sm text-ink-muted">
        {registerTexts.termsHint}
      </p>
      {terms === undefined ? <TermsLoading /> : null}
      {terms && !terms.ok ? (
        <div role="alert" className="flex flex-col gap-2 text-sm text-danger">
          <p>{terms.message}</p>
          <Button variant="secondary" disabled={isFetching} onClick={() => void refetch()}>
            {isFetching ? registerTexts.termsLoading : registerTexts.termsRetry}
          </Button>
        </div>
      ) : null}
      <ul className="flex flex-col gap-2">
        {(terms?.ok ? terms.value : []).map((term) => {
          const missing = !agreed.has(term.id);
          const firstMissing = missing && term.id === firstUnagreedId;
          const flagged = error !== null && missing;
          return (
            <li key={term.id}>
              <label
                className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-3 text-base text-ink hover:border-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-brand-600 ${flagged ? 'border-danger' : 'border-gray-200'}`}
              >
                <input
                  ref={firstMissing ? firstUnagreedRef : undefined}
                  type="checkbox"
                  checked={agreed.has(term.id)}
                  aria-invalid={flagged || undefined}
                  // Each checkbox opens its term instead of ticking: the hint says so as the member reaches it.
                  aria-describedby={flagged ? `${ERROR_ID} ${HINT_ID}` : HINT_ID}
                  readOnly
                  onClick={(event) => {
                    // Checking happens only by agreeing in the term's modal.
                    event.preventDefault();
                    setReading(term);
                  }}
                  className="size-5 shrink-0 accent-brand-700"
                />
                <span className="flex-1">{registerTexts.termAgree(term.title)}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p id={ERROR_ID} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <TermModal
        term={reading}
        onClose={() => setReading(null)}
        onAgree={(term) => {
          onAgree(term);
          setReading(null);
        }}
      />
    </fieldset>
  );
}

/** Where the terms will be, in their sizes (most brands have two), while they load. */
function TermsLoading() {
  return (
    <div role="status" className="flex flex-col gap-2">
      <span className="sr-only">{registerTexts.termsLoading}</span>
      {[0, 1].map((row) => (
        <div
          key={row}
          aria-hidden="true"
          className="min-h-12 motion-safe:animate-pulse rounded-xl border border-gray-200 bg-gray-50"
        />
      ))}
    </div>
  );
}
