import { registerTexts } from '../../i18n/zh-TW/register';

/** The registration heading with where the member is among the three steps. */
export function StepHeader({ step }: { step: 1 | 2 | 3 }) {
  const total = registerTexts.steps.length;
  return (
    <header className="mb-6 flex flex-col items-center gap-3">
      <h1 className="text-xl font-bold text-ink">{registerTexts.heading}</h1>
      <ol className="flex w-full gap-2" aria-label={registerTexts.stepOf(step, total)}>
        {registerTexts.steps.map((name, i) => (
          <li
            key={name}
            aria-current={i + 1 === step ? 'step' : undefined}
            className={`flex flex-1 flex-col gap-1 text-center text-xs ${i + 1 <= step ? 'text-brand-700' : 'text-ink-muted'}`}
          >
            <span className={`h-1.5 rounded-full ${i + 1 <= step ? 'bg-brand-700' : 'bg-gray-200'}`} />
            {name}
          </li>
        ))}
      </ol>
    </header>
  );
}
