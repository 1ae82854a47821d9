import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Term } from '#protocol/endpoints';
import { Button } from '../../components/button';
import { t } from '../../i18n/zh-TW';
import { registerTermsQueryOptions } from './api';
import { TermModal } from './term-modal';

interface TermListProps {
  agreed: ReadonlySet<string>;
  onAgree: (term: Term) => void;
}

/** The register terms; each opens in a modal and counts as checked once the member agrees there. */
export function TermList({ agreed, onAgree }: TermListProps) {
  const { data: terms, refetch } = useSuspenseQuery(registerTermsQueryOptions());
  const [reading, setReading] = useState<Term | null>(null);

  return (
    <section aria-labelledby="register-terms-heading" className="flex flex-col gap-2">
      <h2 id="register-terms-heading" className="text-sm font-medium text-ink">
        {t.register.termsHeading}
      </h2>
      <p className="text-sm text-ink-muted">{t.register.termsHint}</p>
      {terms.ok ? null : (
        <div role="alert" className="flex flex-col gap-2 text-sm text-danger">
          <p>{terms.message}</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            {t.register.termsRetry}
          </Button>
        </div>
      )}
      <ul className="flex flex-col gap-2">
        {(terms.ok ? terms.value : []).map((term) => (
          <li key={term.id}>
            <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-gray-200 px-3 text-base text-ink hover:border-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-brand-600">
              <input
                type="checkbox"
                checked={agreed.has(term.id)}
                readOnly
                onClick={(event) => {
                  // Checking happens only by agreeing in the term's modal.
                  event.preventDefault();
                  setReading(term);
                }}
                className="size-5 shrink-0 accent-brand-700"
              />
              <span className="flex-1">{t.register.termAgree(term.title)}</span>
            </label>
          </li>
        ))}
      </ul>
      <TermModal
        term={reading}
        onClose={() => setReading(null)}
        onAgree={(term) => {
          onAgree(term);
          setReading(null);
        }}
      />
    </section>
  );
}
