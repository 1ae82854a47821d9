/**
 * Back, as the phone's own button or the browser's gives it, once the browser has gone back
 * (its popstate) and the app has had its say: the router takes the popstate at once (a blocker,
 * or the move), so by the next task the page has moved or has been held.
 */
export async function pressBack(): Promise<void> {
  const wentBack = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  window.history.back();
  await wentBack;
  await new Promise((resolve) => setTimeout(resolve, 0));
}
