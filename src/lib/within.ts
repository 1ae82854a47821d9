/**
 * What `work` settles with, or null when it has not settled within `ms`: on a weak signal a
 * request can stall with no error, and the member must not wait for it for good. The timer is
 * cleared either way; `work` itself may still settle later.
 */
export async function within<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooSlow = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([work, tooSlow]);
  } finally {
    clearTimeout(timer);
  }
}
