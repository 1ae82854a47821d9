import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClass } from './button';
import { linkClass } from './link-class';

interface StartOverProps {
  title: string;
  text: string;
  /** Where the flow starts again. */
  to: LinkProps['to'];
  action: string;
  /** A way on that comes first (trying again); the start then becomes the second choice. */
  children?: ReactNode;
  /** For a flow that may have finished without the member seeing it: a link to log in, in these words. */
  orLogIn?: string;
  /**
   * Said as an alert as it shows; false where a notice with the same words opens with it, so a
   * screen reader does not say them twice.
   */
  alert?: boolean;
}

/** A step that lost what it needs (a temp token, LINE's data): say so and offer the flow's start. */
export function StartOver({ title, text, to, action, children, orLogIn, alert = true }: StartOverProps) {
  return (
    <div role={alert ? 'alert' : undefined} className="flex flex-col items-center gap-4 text-center">
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      <p className="text-ink-muted">{text}</p>
      {children}
      <Link to={to} className={buttonClass(children ? 'secondary' : 'primary')}>
        {action}
      </Link>
      {orLogIn ? (
        <Link to="/login" className={linkClass}>
          {orLogIn}
        </Link>
      ) : null}
    </div>
  );
}
