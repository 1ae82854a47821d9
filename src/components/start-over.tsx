import { Link, type LinkProps } from '@tanstack/react-router';
import { buttonClass } from './button';

interface StartOverProps {
  title: string;
  text: string;
  /** Where the flow starts again. */
  to: LinkProps['to'];
  action: string;
}

/** A step that lost what it needs (a temp token, LINE's data): say so and offer the flow's start. */
export function StartOver({ title, text, to, action }: StartOverProps) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 text-center">
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      <p className="text-ink-muted">{text}</p>
      <Link to={to} className={buttonClass('primary')}>
        {action}
      </Link>
    </div>
  );
}
