import { type Submission, parse } from "@conform-to/react";
import { type getZodConstraint } from "@conform-to/zod";
import { useEffect, useState } from "react";
import { type ZodTypeAny, type input, type output } from "zod";

/** A form's field rules as conform's `constraint`, from the loader (`fieldRules`, zod-form.ts). */
export type FieldRules = ReturnType<typeof getZodConstraint>;

/** What conform's onValidate is given, of what a form's check reads. */
export type CheckContext = { formData: FormData; submitter?: HTMLInputElement | HTMLButtonElement | null };

/** A form's check in the browser: conform's onValidate, for the form's fields (`Schema`) and parsed value. */
export type FormCheck<Schema = Record<string, unknown>, Value = Schema> = (
  context: CheckContext,
) => Submission<Schema, string[], Value>;

/**
 * A form's browser-side check with its zod schema, both loaded once the page
 * has hydrated instead of with it (issue 18: zod, conform's zod adapter and
 * the schema, about 16 KB of gzip, are no longer part of any page's load; a
 * slow line gets the page working sooner). `load` imports the schema's
 * module and picks the schema: `() => import("~/modules/x/schema").then((m)
 * => m.xSchema)`. Until it is in, the check says it was skipped (a null
 * error: conform lets the post through and marks nothing) and the server,
 * which checks the same schema, answers with the same messages, as it does
 * without JavaScript. The fields' rules (required, maxlength, pattern) come
 * from the loader (`fieldRules`, zod-form.ts), so the page needs no zod to
 * render them.
 */
export function useLaterSchema<S extends ZodTypeAny>(load: () => Promise<S>): FormCheck<input<S>, output<S>> {
  const [check, setCheck] = useState<{ run: FormCheck<input<S>, output<S>> } | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([import("./zod-form"), load()]).then(
      ([{ parseWithZod }, schema]) => live && setCheck({ run: ({ formData }) => parseWithZod(formData, { schema }) }),
      () => undefined, // not loaded (offline): the server checks
    );
    return () => {
      live = false;
    };
    // The schema is the form's own: loaded once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return check?.run ?? skipCheck;
}

/** The check that lets a post through unchecked (the server checks it): a null error. */
export function skipCheck<Schema, Value>({ formData }: CheckContext): Submission<Schema, string[], Value> {
  return parse<Value, string[]>(formData, { resolve: () => ({ error: null }) }) as unknown as Submission<
    Schema,
    string[],
    Value
  >;
}
