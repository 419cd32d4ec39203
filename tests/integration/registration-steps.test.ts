import { describe, expect, it } from "vitest";
import { firstStepPath, registrationStepPage, wizardState } from "~/modules/registrations/steps.server";
import { useTestDatabase } from "../helpers/db";
import { Wizard, adultPersonal } from "../helpers/registration";

// The wizard's read model (modules/registrations/steps.server.ts): which step
// a browser may see, and what that step's page shows.

useTestDatabase();

describe("the registration wizard's steps", () => {
  it("a new browser starts at the first step; a later step is not yet open", async () => {
    const wizard = new Wizard();
    expect(await firstStepPath(wizard.request("personal"))).toBe("/students-registration/personal");
    expect(await wizardState(wizard.request("address"), "address")).toEqual({
      ok: false,
      reason: "otherStep",
      to: "/students-registration/personal",
    });
    expect(await wizardState(wizard.request("nonsense"), "nonsense")).toMatchObject({ ok: false });
    const page = await registrationStepPage(wizard.request("personal"), "personal");
    expect(page).toMatchObject({ ok: true, step: "personal", defaults: {}, age: null, reference: null });
  });

  it("after a valid first step the next one opens, and the first keeps what was typed", async () => {
    const wizard = new Wizard();
    const personal = adultPersonal();
    await wizard.post("personal", personal);
    expect(await firstStepPath(wizard.request("personal"))).toBe("/students-registration/address");
    const page = await registrationStepPage(wizard.request("personal"), "personal");
    expect(page).toMatchObject({ ok: true, step: "personal", age: "adults" });
    expect(page.ok && page.defaults).toMatchObject({ id_number: personal.id_number });
    expect(await wizardState(wizard.request("message"), "message")).toMatchObject({
      ok: false,
      to: "/students-registration/address",
    });
  });
});
