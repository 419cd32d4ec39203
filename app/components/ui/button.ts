/**
 * The kit's button tones (issue 19): the main action, a secondary one (Cancel
 * among them) and a destructive one (delete, reject, deactivate, lock,
 * remove, end an enrolment). One class each, the same size (app/tailwind.css):
 * the destructive one is red-700 on white, marked as such but no louder than
 * the page's main action. Buttons and links that look like buttons take their
 * class here (or SubmitButton's `tone`), never their own colours.
 */
export type ButtonTone = "primary" | "secondary" | "danger";

const TONE_CLASS: Record<ButtonTone, string> = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  danger: "btn-danger",
};

/** The class of a button (or a link styled as one) of this tone, with layout extras (`w-full`…). */
export function buttonClass(tone: ButtonTone = "primary", extra?: string) {
  return extra ? `${TONE_CLASS[tone]} ${extra}` : TONE_CLASS[tone];
}
