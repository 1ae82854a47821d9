import { storage } from './storage';

/**
 * The server's time as this phone best knows it: its own clock, mended by what answers have told
 * (src/api/client.ts learns it, decision 0021). Signed calls are stamped with it, and a rule the
 * server judges at its own time (a birthday 12 years back) is judged at it here too.
 */
export const serverNow = (): Date => new Date(Date.now() + (storage.serverClockAhead.get() ?? 0));
