import { inspect } from "node:util";
// One rule for the access log and the app's messages (server/logging.js).
import { escapeControl, redactSecrets } from "../../../server/logging.js";

// Everything the app writes to its log goes through logSafe (issue 16 L5):
// a value a client chose (a path, a `?_data=` route id in Remix's own error
// messages) can neither end the line and start a forged one nor put a
// one-time set-password token in the log.

/** Remix's ErrorResponse (isRouteErrorResponse, without React in the scripts that log through here). */
function isErrorResponse(
  value: unknown,
): value is { status: number; statusText: string; data: unknown; error?: unknown } {
  return (
    !!value &&
    typeof value === "object" &&
    "status" in value &&
    "statusText" in value &&
    "internal" in value &&
    "data" in value
  );
}

/** A value's text for the log: secrets redacted, control characters escaped. */
function clean(text: string): string {
  return escapeControl(redactSecrets(text));
}

/** An error as "Name: message" (one line) and its stack frames, each on its own line. */
function errorLines(error: Error, depth: number): string[] {
  const head = `${error.name}: ${error.message}`;
  const stack = typeof error.stack === "string" ? error.stack : "";
  // The frames are the code's own file names; the message (which may hold
  // newlines) is cut off the top of the stack rather than split.
  const rest = stack.startsWith(head) ? stack.slice(head.length) : stack;
  const frames = rest
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .map((line) => `    ${clean(line.trim())}`);
  const lines = [clean(head), ...frames];
  if (error.cause !== undefined && depth < 3) {
    const cause = error.cause instanceof Error ? errorLines(error.cause, depth + 1) : [logSafe(error.cause)];
    lines.push(`    [cause] ${cause[0]}`, ...cause.slice(1));
  }
  return lines;
}

/**
 * What to write to the log for `value`: text, an Error (with its stack
 * frames on their own lines), a Remix error response, or anything else
 * (inspected on one line). No line of the result starts with text a client
 * chose, and no one-time token appears in it.
 */
export function logSafe(value: unknown): string {
  if (typeof value === "string") return clean(value);
  if (value instanceof Error) return errorLines(value, 0).join("\n");
  if (isErrorResponse(value)) {
    // Remix's own refusals (a bad `?_data=` route id, a method without an
    // action) carry the Error that says what happened.
    const inner = value.error;
    const head = clean(`${value.status} ${value.statusText}`);
    if (inner instanceof Error) return `${head} ${errorLines(inner, 0).join("\n")}`;
    return `${head} ${clean(typeof value.data === "string" ? value.data : inspect(value.data, { breakLength: Infinity }))}`;
  }
  return clean(inspect(value, { breakLength: Infinity, depth: 4 }));
}
