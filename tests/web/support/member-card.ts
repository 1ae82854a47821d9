import { type Results, taipeiTimestamp } from '#protocol';
import type { KeptMemberCard } from '../../../src/lib/storage';
import { answer, reply } from './api';

export const CARD_NUMBER = '4829103756';
/** 32 bytes, as the server makes a card secret. */
export const CARD_SECRET_BYTES = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256);
const CARD_SECRET = btoa(String.fromCharCode(...CARD_SECRET_BYTES));

export type CardResults = Results<'getMemberCard'>;

/** What get_member_card answers a verified member at `serverTime`. */
export const cardResults = (serverTime: Date, overrides: Partial<CardResults> = {}): CardResults => ({
  name: '王小明',
  mobile_masked: '0912-***-678',
  member_card: { card_number: CARD_NUMBER, card_secret: CARD_SECRET },
  server_time: taipeiTimestamp(serverTime),
  recent_scans: [],
  ...overrides,
});

/** get_member_card answering C01 with the card at the server's clock, `serverAheadMs` ahead of this device. */
export const answerCard = (serverAheadMs = 0, overrides: Partial<CardResults> = {}) =>
  answer('getMemberCard', () => reply('C01', cardResults(new Date(Date.now() + serverAheadMs), overrides)));

/** A member card kept in this browser from an earlier visit online. */
export const KEPT_CARD: KeptMemberCard = {
  name: '王小明',
  mobile_masked: '0912-***-678',
  card_number: '9123456789',
  card_secret: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I',
  clock_offset_ms: 0,
  recent_scans: [],
};
