import { DEMO_ADMIN_PASSWORD } from '../domain';
import type { ServerConfig } from './config';
import type { AdminAccount } from './seed/prepare';

const RESET_HINT = 'A lost password: npm run admin -- reset-password EMAIL';

/**
 * What the start prints about signing in, true to what the start did: ADMIN_EMAIL / ADMIN_PASSWORD
 * only create the first admin, so on a store that has one they were not applied and it says so.
 */
export function startMessage(
  url: string,
  admin: ServerConfig['admin'],
  account: AdminAccount,
  env: NodeJS.ProcessEnv,
): string {
  const lines = [`Apparel Admin is running on ${url}`];
  const demo = `Sign in as ${admin.email} / ${DEMO_ADMIN_PASSWORD} (the demo password: change it on the Profile page).`;
  if (account.created) {
    lines.push(
      account.demoPassword
        ? `Created the first admin. ${demo}`
        : `Created the first admin: sign in as ${admin.email} with the ADMIN_PASSWORD you set.`,
    );
  } else {
    if (env.ADMIN_EMAIL !== undefined || env.ADMIN_PASSWORD !== undefined) {
      lines.push(
        'This store already has an admin, so ADMIN_EMAIL and ADMIN_PASSWORD (which only create the first one) were not applied.',
      );
    }
    lines.push(account.demoPassword ? demo : 'Sign in with your staff account.', RESET_HINT);
  }
  return `\n${lines.join('\n')}\n`;
}
