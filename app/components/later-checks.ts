import { type Submission, parse } from "@conform-to/react";
import { useEffect, useState } from "react";

/** A form's check in the browser: conform's onValidate, for the form's fields (`Schema`) and parsed value. */
export type FormCheck<Schema = Record<string, unknown>, Value = Schema> = (context: {
  formData: FormData;
}) => Submission<Schema, string[], Value>;

/**
 * A form's browser-side check, loaded once the page has hydrated instead of
 * with it (issue 18: zod and the form's schema, 16 KB of gzip a page no
 * longer waits for on a slow line). Until it is in, the check says it was
 * skipped (a null error: conform lets the post through and marks nothing)
 * and the server, which checks the same schema, answers with the same
 * messages, as it does without JavaScript.
 */
export function useLaterCheck<Schema, Value>(load: () => Promise<FormCheck<Schema, Value>>): FormCheck<Schema, Value> {
  const [check, setCheck] = useState<{ run: FormCheck<Schema, Value> } | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (run) => live && setCheck({ run }),
      () => undefined, // not loaded (offline): the server checks
    );
    return () => {
      live = false;
    };
    // The loader is the form's one module: loaded once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return check?.run ?? skipped;
}

function skipped<Schema, Value>({ formData }: { formData: FormData }): Submission<Schema, string[], Value> {
  return parse<Value, string[]>(formData, { resolve: () => ({ error: null }) }) as unknown as Submission<
    Schema,
    string[],
    Value
  >;
}
