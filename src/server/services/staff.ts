import { and, eq } from 'drizzle-orm';
import { PASSWORD_IS_EMAIL_MESSAGE, isStaffRole, newPasswordSchema, passwordIsEmail } from '../../domain';
import { clearFailures } from '../auth/login-limiter';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { endSessionsOf } from './sessions';
import { findUserByEmail, setPassword } from './users';

/** Whether any admin still signs in with the demo password (the console warns while one does). */
export async function demoPasswordInUse(db: Db): Promise<boolean> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.demoPassword, true)))
    .limit(1);
  return found.length > 0;
}

/** A forgotten password's recovery (npm run admin -- reset-password): the same rules as a change, every session ended. */
export async function resetStaffPassword(db: Db, email: string, password: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || !isStaffRole(user.role)) throw new Error(`No staff account has the email ${email}`);
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
  if (passwordIsEmail(password, user.email)) throw new Error(PASSWORD_IS_EMAIL_MESSAGE);
  await setPassword(db, user.id, password);
  await endSessionsOf(db, user.id);
  await clearFailures(db, user.email);
}
