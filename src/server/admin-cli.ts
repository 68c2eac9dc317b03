/**
 * npm run admin -- reset-password EMAIL
 * Sets a staff account's password and signs out its sessions: the way back in when the last admin's
 * password is lost. The new password is read from standard input (`echo "$NEW" | npm run admin -- …`)
 * or, at a terminal, asked for twice without echo. Uses the store of DATA_DIR or DATABASE_URL. The
 * embedded database belongs to one process at a time: while the server has it open this tool changes
 * nothing, says so and exits 1 (stop the server first). A server on PostgreSQL can keep running.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { resetStaffPassword } from './services/staff';

const USAGE = 'Usage: npm run admin -- reset-password EMAIL   (the new password on standard input, or asked for)';

async function readHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const prompt = createInterface({ input: process.stdin, output, terminal: true });
  const answer = prompt.question(question);
  muted = true;
  const value = await answer;
  prompt.close();
  process.stdout.write('\n');
  return value;
}

async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    return input.split(/\r?\n/)[0] ?? '';
  }
  const first = await readHidden('New password: ');
  if ((await readHidden('Repeat it: ')) !== first) throw new Error('The two passwords differ');
  return first;
}

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [command, email] = positionals;
  if (command !== 'reset-password' || !email) throw new Error(USAGE);
  // Opened before the password is asked for: a store in use is refused before anyone types.
  const database = await openDatabase(loadConfig().database);
  try {
    await resetStaffPassword(database.db, email, await readNewPassword());
  } finally {
    await database.close();
  }
  console.log(`The password of ${email} is changed, and its sessions are signed out.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
