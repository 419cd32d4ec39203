import { type SerializeFrom } from "@remix-run/node";
import { useActionData } from "@remix-run/react";

// The client side of the intent pipeline (ADR 036): a page's forms read the
// reply of their own intent, typed by the page's action, without casts.

type Reply<A> = Extract<NonNullable<SerializeFrom<A>>, { intent: string }>;
type IntentOf<A> = Reply<A>["intent"];

/**
 * The action's reply when it answers one of `intent` (any intent when none
 * is named), about `target` when given (the record of a form per row:
 * handleIntents' `target`); otherwise undefined. Use it as
 * `useIntentResult<typeof action>("update")?.result` for conform's lastResult.
 */
export function useIntentResult<A>(
  intent?: IntentOf<A> | readonly IntentOf<A>[],
  target?: string | number,
): Reply<A> | undefined;
export function useIntentResult(intent?: string | readonly string[], target?: string | number): unknown {
  const data: unknown = useActionData();
  if (!isReply(data)) return undefined;
  if (intent !== undefined && (typeof intent === "string" ? data.intent !== intent : !intent.includes(data.intent)))
    return undefined;
  if (target !== undefined && data.target !== String(target)) return undefined;
  return data;
}

function isReply(data: unknown): data is { intent: string; target?: unknown } {
  return typeof data === "object" && data !== null && "intent" in data && typeof data.intent === "string";
}
