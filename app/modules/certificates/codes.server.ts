import crypto from "node:crypto";
import { codeFromBytes } from "./codes";

/** A new verification code from the operating system's random source (crypto.randomBytes). */
export function newVerificationCode(): string {
  let pool = crypto.randomBytes(32);
  let i = 0;
  return codeFromBytes(() => {
    if (i >= pool.length) {
      pool = crypto.randomBytes(32);
      i = 0;
    }
    return pool[i++];
  });
}
