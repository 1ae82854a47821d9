// `virtual:call-addresses` for the screen tests, made by the plugin's own table: the test
// config then imports nothing of the contract, which Vite's config loader would bundle and
// warn about on every run (tests/unit/call-addresses-plugin.test.ts checks the plugin itself).
import { callAddressTable } from '../../../scripts/call-addresses-plugin';

export const CALL_ADDRESSES = callAddressTable();
