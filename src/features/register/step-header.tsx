import { registerTexts } from '../../i18n/zh-TW/register';

// The names stand under their bars while three of them fit side by side: three columns of four
// characters of `text-xs` (0.75rem each) with the two gaps between them. Large text on a narrow
// screen has less room than that (320 px at 200% has 280 for 304), and the names would break
// inside their words; then the current step's name alone shows, whole, under the bars. The
// container query is written out in both classes: Tailwind finds classes as written in the source.

/** The registration heading with where the member is among the three steps. */
export function StepHeader({ step }: { step: 1 | 2 | 3 }) {
  const total = registerTexts.steps.length;
  const current = registerTexts.steps[step - 1] ?? '';
  return (
    <header className="mb-6 flex flex-col items-center gap-3">
      {/* The focus lands here on every step, and a phone's screen reader does not read the page title. */}
      <h1 className="text-xl font-bold text-ink">
        {registerTexts.heading}
        <span className="sr-only">{registerTexts.headingStep(current)}</span>
      </h1>
      <div className="@container w-full">
        <ol className="flex w-full gap-2" aria-label={registerTexts.stepOf(step, total)}>
          {registerTexts.steps.map((name, i) => (
            <li
              key={name}
              aria-current={i + 1 === step ? 'step' : undefined}
              className={`flex flex-1 flex-col gap-1 text-center text-xs ${i + 1 <= step ? 'text-brand-700' : 'text-ink-muted'}`}
            >
              <span className={`h-1.5 rounded-full ${i + 1 <= step ? 'bg-brand-700' : 'bg-gray-200'}`} />
              <span className="sr-only @min-[calc(9rem_+_16px)]:not-sr-only">{name}</span>
            </li>
          ))}
        </ol>
        <p aria-hidden="true" className="mt-1 text-center text-xs text-brand-700 @min-[calc(9rem_+_16px)]:hidden">
          {current}
        </p>
      </div>
    </header>
  );
}
