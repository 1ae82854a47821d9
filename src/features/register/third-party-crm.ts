import * as v from 'valibot';
import { decryptValue } from '#protocol/crypto';
import { birthdaySchemaAt, emailSchema, genderSchema, mobileSchema, nameSchema } from '#protocol/schemas';
import { appConfig } from '../../config';
import { serverNow } from '../../lib/server-clock';
import { storage } from '../../lib/storage';
import { saveStepOne, saveStepTwo, stepOneDraft, stepTwoDraft } from './drafts';

// What the link's CRM data may tell; a field that fails its rule is ignored, never an error.
const crmDataSchema = v.object({
  mobile: v.fallback(v.optional(mobileSchema), undefined),
  name: v.fallback(v.optional(nameSchema), undefined),
  gender: v.fallback(v.optional(genderSchema), undefined),
  email: v.fallback(v.optional(emailSchema), undefined),
  // Judged at the server's time, as the form judges it (src/lib/birthday-input.ts).
  birthday: v.fallback(v.optional(birthdaySchemaAt(serverNow)), undefined),
});

/** The member's data in the third-party CRM, when the stored link data opens with our AES secret. */
function storedCrmData(): v.InferOutput<typeof crmDataSchema> | null {
  const stored = storage.check3rdCrmData.get();
  const plain = stored && decryptValue(appConfig().aesKey, stored.third_party_crm_data);
  if (!plain) return null;
  try {
    const parsed = v.safeParse(crmDataSchema, JSON.parse(plain));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/**
 * The link's CRM data to register with, when this tab can read it. Data it cannot read (not ours,
 * damaged) is forgotten here and `unreadable` says so, for the member to be told once.
 */
export function crmDataToRegisterWith(): { data?: string; unreadable: boolean } {
  const stored = storage.check3rdCrmData.get();
  if (!stored) return { unreadable: false };
  if (storedCrmData()) return { data: stored.third_party_crm_data, unreadable: false };
  forgetCrmData();
  return { unreadable: true };
}

/** The CRM data was refused or cannot be read: registration goes on without it, in this tab for good. */
export const forgetCrmData = (): void => storage.check3rdCrmData.remove();

/**
 * A registration link with a hash carries the member's encrypted third-party CRM data: it is kept
 * for /member/register_with_third_party_crm_data, and what it tells fills the empty fields. Only
 * the empty ones, each the member's to change: the AES key is in every browser (decision 0005), so
 * anyone can write such a link, and what it tells is a suggestion, never a fact (decision 0027).
 */
export function keepThirdPartyCrmData(hash: string): void {
  let data: string;
  try {
    data = decodeURIComponent(hash);
  } catch {
    data = hash;
  }
  if (!data) return;
  storage.check3rdCrmData.set({ third_party_crm_data: data });
  const crm = storedCrmData();
  if (!crm) return;
  const one = stepOneDraft();
  const two = stepTwoDraft();
  saveStepOne({ mobile: one.mobile || crm.mobile || '', name: one.name || crm.name || '' });
  saveStepTwo({
    gender: two.gender || crm.gender || '',
    email: two.email || crm.email || '',
    birthday: two.birthday || crm.birthday?.replaceAll('/', '-') || '',
  });
}
