// Reads a member's referral code from a data directory no server holds yet:
// `tsx tests/e2e/referral-code.ts MOBILE` with DATA_DIR set. The web app has no screen showing it
// before the profile exists, and an invited visitor needs a real one.
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { members } from '../../server/db/schema';

const mobile = process.argv[2] ?? '';
const database = await openDatabase({ dataDir: process.env.DATA_DIR ?? null });
try {
  const [member] = await database.db
    .select({ code: members.referralCode })
    .from(members)
    .where(eq(members.mobile, mobile));
  if (!member) throw new Error(`no member ${mobile}`);
  process.stdout.write(member.code);
} finally {
  await database.close();
}
