import { expect, test } from "@playwright/test";
import { waitForHydration } from "./helpers";

// Issue 16, H1 (ADR 026): a form post over its limit is answered with a 413
// page of its own, in the reader's language, with and without JavaScript;
// nothing happens (here: no sign-in).

test.use({ locale: "es-ES" });

test("a sign-in post larger than its limit gets the translated 413 page, and nobody is signed in", async ({
  page,
  context,
}) => {
  await page.goto("/authentication/login");
  await waitForHydration(page);
  // A field no page has, 20 KiB of it: more than a sign-in takes (16 KiB).
  await page.locator("form", { has: page.getByLabel("Contraseña") }).evaluate((form) => {
    const pad = document.createElement("input");
    pad.type = "hidden";
    pad.name = "pad";
    pad.value = "x".repeat(20 * 1024);
    form.append(pad);
  });
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/authentication/login"),
  );
  await page.getByLabel("Correo electrónico").fill("admin@school.test");
  await page.getByLabel("Contraseña").fill("demo-pass-2026");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  expect((await answered).status()).toBe(413);
  await expect(page.getByRole("heading", { level: 1, name: "Esto es demasiado grande para enviarlo" })).toBeVisible();
  await expect(
    page.getByText("Lo que envió es más grande de lo que admite este formulario.", { exact: false }),
  ).toBeVisible();
  expect((await context.cookies()).some((c) => c.name === "token")).toBe(false);
});
