/** A text link of the app's screens. */
export const linkClass =
  'rounded text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';
