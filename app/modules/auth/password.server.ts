import { hash, verify } from "@node-rs/argon2";

// argon2id (algorithm 2) with OWASP's minimum memory/time cost, kept modest
// for the school's small machines.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export { MIN_PASSWORD_LENGTH } from "./password-rules";

export function hashPassword(password: string) {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Verifies against a throwaway hash so an unknown email costs as much as a known one. */
export async function spendVerifyTime(password: string) {
  dummy ??= hashPassword("not-a-real-password-for-timing");
  await verifyPassword(await dummy, password);
}
