import { randomInt } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Gender } from '../../../protocol';
import { DEMO_MEMBER } from '../../config';
import type { Db } from '../../db/client';
import { members } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';

export type Member = typeof members.$inferSelect;

// No 0/O or 1/I/L, so a code read aloud or copied by hand survives.
const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const REFERRAL_LENGTH = 8;

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_LENGTH; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

export async function findMemberByMobile(db: Db, mobile: string): Promise<Member | null> {
  const [member] = await db.select().from(members).where(eq(members.mobile, mobile));
  return member ?? null;
}

export async function findMemberById(db: Db, id: string): Promise<Member | null> {
  const [member] = await db.select().from(members).where(eq(members.id, id));
  return member ?? null;
}

export async function isMobileRegistered(db: Db, mobile: string): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.mobile, mobile));
  return row !== undefined;
}

export interface NewMember {
  mobile: string;
  name: string;
  password: string;
  gender?: Gender | null;
  email?: string | null;
  birthday?: string | null;
  isVerified?: boolean;
  mustChangePassword?: boolean;
}

/** Creates a member with a fresh referral code; a taken mobile fails on the unique constraint. */
export async function createMember(db: Db, input: NewMember, now: Date): Promise<Member> {
  const passwordHash = await hashPassword(input.password);
  for (;;) {
    const [member] = await db
      .insert(members)
      .values({
        mobile: input.mobile,
        name: input.name,
        passwordHash,
        gender: input.gender ?? null,
        email: input.email || null,
        birthday: input.birthday ? input.birthday.replaceAll('/', '-') : null,
        isVerified: input.isVerified ?? false,
        mustChangePassword: input.mustChangePassword ?? false,
        referralCode: newReferralCode(),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: members.referralCode })
      .returning();
    if (member) return member;
  }
}

/** On an empty database in demo mode, the member printed at start; false when members exist. */
export async function ensureDemoMember(db: Db, now: Date): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(members);
  if ((row?.total ?? 0) > 0) return false;
  try {
    await createMember(db, { ...DEMO_MEMBER, isVerified: true }, now);
    return true;
  } catch (error) {
    // Another process starting at the same moment created it first.
    if (await isMobileRegistered(db, DEMO_MEMBER.mobile)) return false;
    throw error;
  }
}
