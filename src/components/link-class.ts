/** A text link of the app's screens, underlined so it stands out from the words around it (WCAG 1.4.1). */
export const linkClass =
  'rounded text-brand-700 underline underline-offset-4 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600';
