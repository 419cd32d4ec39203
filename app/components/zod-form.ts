import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ZodTypeAny } from "zod";
import { installZodMessages } from "~/modules/shared/zod-messages";

// zod's own messages as translation keys (a tampered choice, a missing field),
// in the browser: installed when a form's check is loaded (later-checks.ts), so
// no page loads zod with it (issue 18's bundle budget).
installZodMessages();

export { parseWithZod };

const rules = new WeakMap<ZodTypeAny, ReturnType<typeof getZodConstraint>>();

/**
 * A form's field rules (required, minLength, maxLength, pattern, min, max) as
 * conform's `constraint`, worked out from its schema by a loader and sent
 * with the page's data: the browser renders them without zod. Kept per schema
 * object, so a schema made once per process is walked once.
 */
export function fieldRules(schema: ZodTypeAny) {
  let found = rules.get(schema);
  if (!found) {
    found = getZodConstraint(schema);
    rules.set(schema, found);
  }
  return found;
}
