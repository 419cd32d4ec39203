import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { skipCheck } from "~/components/later-checks";
import { validateStep } from "~/components/registration/step-parts";
import { fieldRules, parseWithZod } from "~/components/zod-form";
import { loginSchema } from "~/modules/auth/login-schema";
import { messageSchema, personalFields } from "~/modules/registrations/schema";

// ADR 056: a form's rules come from its loader, its check loads after the page.

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  return data;
};

describe("fieldRules (the loaders' rules of a form)", () => {
  it("are conform's constraint of the schema, worked out once per schema object", () => {
    expect(fieldRules(loginSchema)).toEqual(getZodConstraint(loginSchema));
    expect(fieldRules(loginSchema)).toBe(fieldRules(loginSchema));
    expect(fieldRules(loginSchema).email).toMatchObject({ required: true, maxLength: 254 });
    // A schema made for a date is a new object: its own rules.
    expect(fieldRules(personalFields("2026-11-28"))).toEqual(getZodConstraint(personalFields("2026-11-28")));
  });

  it("survive the loader's JSON unchanged", () => {
    const rules = fieldRules(personalFields("2026-11-28"));
    expect(JSON.parse(JSON.stringify(rules))).toEqual(rules);
  });
});

describe("skipCheck (before the check has loaded)", () => {
  it("marks nothing and leaves the check to the server (a null error)", () => {
    const submission = skipCheck({ formData: form({ email: "not-an-email" }) });
    expect(submission).toMatchObject({ error: null, payload: { email: "not-an-email" } });
  });
});

describe("validateStep (the registration's steps)", () => {
  const check = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: messageSchema });
  const back = { name: "intent", value: "back" } as HTMLButtonElement;
  const next = { name: "intent", value: "next" } as HTMLButtonElement;

  it("checks a step going forward with the step's schema", () => {
    const submission = validateStep(check)({ formData: form({ message: "" }), submitter: next });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error?.accepted_terms).toBeTruthy();
  });

  it("never checks Back: the step goes to the server as typed", () => {
    const submission = validateStep(check)({ formData: form({ message: "" }), submitter: back });
    expect(submission).toMatchObject({ error: null });
  });

  it("lets the post through while the check is not loaded", () => {
    const submission = validateStep(skipCheck)({ formData: form({ message: "" }), submitter: next });
    expect(submission).toMatchObject({ error: null });
  });
});
