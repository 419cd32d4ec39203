import { z } from "zod";

/**
 * The spec's email rules, in its order of messages: the one rule of every
 * email field a person types (registration and sign-in), each form naming
 * its own message keys.
 */
export const emailRule = (messages: { required: string; tooLong: string; invalid: string; shape: string }) =>
  z
    .string({ required_error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(254, messages.tooLong)
    .refine((v) => !/@@@/.test(v) && !/\.\./.test(v), messages.invalid)
    .refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), messages.shape)
    .transform((v) => v.toLowerCase());
