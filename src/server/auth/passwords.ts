import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id; the enum is a const enum, which isolated modules cannot read at run time. */
const options = { algorithm: 2 satisfies Algorithm.Argon2id };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password, options).catch(() => false);
}

let dummyHash: Promise<string> | undefined;
/** Verifying against a throwaway hash for unknown emails keeps their timing close to a wrong password's. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
