import type { Outgoing } from '../../../server/modules/verification/service';
import type { SmsSender } from '../../../server/sms';

/** How a request from the test address sends text messages, with budgets no test of the per-mobile rules reaches. */
export const testOutgoing = (sms: SmsSender, clientAddress = '127.0.0.1'): Outgoing => ({
  sms,
  budget: { perAddressPerHour: 1_000_000, maxPerMinute: 1_000_000, onCeiling: () => {} },
  clientAddress,
});
