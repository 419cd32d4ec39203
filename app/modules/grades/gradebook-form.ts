import { type GradeError, type GradebookSaveOutcome, ORIGINALS_FIELD, gradeText, unpackOriginals } from "./gradebook";

// PURE (client and server): what the gradebook form shows after a refused
// save — every cell as it was typed (or as stored now, after a conflict),
// its original, and what is wrong. The route answers it with formReply.

export type CellError = { code: GradeError } | { code: "conflict"; mine: string; theirs: string };

/** The gradebook form after a refused post: a fresh form (its token), the cells, their originals and errors. */
export interface GradebookFormState {
  token: string;
  formError: "invalid" | "foreign" | "conflict";
  values: Record<string, string>;
  originals: Record<string, string>;
  errors: Record<string, CellError>;
}

/** A new key for the form: a fresh form after every answer from the server, so cells show what it says. */
export const formToken = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

const POSTED_CELL = /^[go]_\d{1,10}_\d{1,10}$/;

type FormLike = { entries(): IterableIterator<[string, FormDataEntryValue]> };

/** The cells of the post as typed, to show them again. */
function echo(form: FormLike) {
  const values: Record<string, string> = {};
  const originals: Record<string, string> = {};
  let packed = "";
  for (const [name, value] of form.entries()) {
    if (name === ORIGINALS_FIELD && typeof value === "string") packed = value;
    if (!POSTED_CELL.test(name) || typeof value !== "string") continue;
    const text = value.slice(0, 40);
    if (name.startsWith("g_")) values[name] = text;
    else originals[`g_${name.slice(2)}`] = text;
  }
  // The one packed field (ADR 009): its cells, unless an o_ field said otherwise.
  for (const [name, text] of unpackOriginals(packed)) if (!(name in originals)) originals[name] = text.slice(0, 40);
  return { values, originals };
}

/** The form a refused save shows again. */
export function refusedGradebook(
  outcome: Extract<GradebookSaveOutcome, { ok: false }>,
  form: FormLike,
): GradebookFormState {
  switch (outcome.reason) {
    case "invalid": {
      const errors: Record<string, CellError> = {};
      for (const [name, code] of Object.entries(outcome.errors)) errors[name] = { code };
      return { token: formToken(), formError: "invalid", ...echo(form), errors };
    }
    case "foreign":
      return { token: formToken(), formError: "foreign", ...echo(form), errors: {} };
    case "conflict": {
      // Everything as stored now, with this post's other changes kept as typed.
      const values: Record<string, string> = {};
      const originals: Record<string, string> = {};
      const errors: Record<string, CellError> = {};
      for (const [name, grade] of Object.entries(outcome.current)) {
        originals[name] = gradeText(grade);
        values[name] = outcome.kept[name] ?? gradeText(grade);
      }
      for (const [name, c] of Object.entries(outcome.conflicts))
        errors[name] = { code: "conflict", mine: c.mine, theirs: gradeText(c.theirs) };
      return { token: formToken(), formError: "conflict", values, originals, errors };
    }
    default: {
      const never: never = outcome;
      throw new Error(`Unhandled outcome ${JSON.stringify(never)}`);
    }
  }
}
