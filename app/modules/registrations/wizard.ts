// PURE (client and server): the public registration wizard's steps, apart
// from schema.ts so that the wizard's pages do not bring zod to the browser
// (issue 18's bundle budget).

export const STEPS = ["personal", "address", "message", "done"] as const;
export type Step = (typeof STEPS)[number];
/** The steps with a form (the last one, "done", only shows the reference). */
export type FormStep = Exclude<Step, "done">;
export const FORM_STEPS: readonly FormStep[] = ["personal", "address", "message"];
/** A field bots fill and people never see: a post that fills it is refused. */
export const HONEYPOT = "website";

export function isStep(value: string | undefined): value is Step {
  return (STEPS as readonly string[]).includes(value ?? "");
}

/** The path of a step of the wizard. */
export const stepPath = (step: Step) => `/students-registration/${step}`;
