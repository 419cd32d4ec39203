import { readFileSync } from "node:fs";
import { parseWithZod } from "@conform-to/zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { addressFields } from "~/modules/registrations/schema";
import { ZOD_MESSAGES, installZodMessages } from "~/modules/shared/zod-messages";
import { createUserSchema } from "~/modules/users/schema";

// Issue 20: a tampered choice (a value no option has) got zod's English
// ("Invalid enum value. Expected ..."); every such message is now a key.

beforeAll(() => installZodMessages());
afterAll(() => z.setErrorMap(z.defaultErrorMap));

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

describe("zod's messages as translation keys", () => {
  it("a tampered enum value gets the translated 'choose one of the options' key", () => {
    const schema = z.object({ colour: z.enum(["red", "blue"]) });
    const result = parseWithZod(form({ colour: "green" }), { schema });
    expect(result.status).toBe("error");
    expect(result.reply().error?.colour).toEqual([ZOD_MESSAGES.invalidChoice]);
  });

  it("a tampered discriminator (the user form's password method) too, never English", () => {
    const result = parseWithZod(form({ name: "A B", email: "a@b.test", role: "professor", method: "telepathy" }), {
      schema: createUserSchema,
    });
    const messages = Object.values(result.reply().error ?? {}).flat();
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) expect(m).toMatch(/^[a-z]+:[\w.]+$/);
  });

  it("the registration's 'where did you hear about us' with a value no option has", () => {
    const result = parseWithZod(form({ where_hear_about_us: "carrier-pigeon", promotion: "none-such" }), {
      schema: z.object({ where_hear_about_us: addressFields.where_hear_about_us, promotion: addressFields.promotion }),
    });
    const error = result.reply().error ?? {};
    expect(error.where_hear_about_us).toEqual([ZOD_MESSAGES.invalidChoice]);
    for (const m of Object.values(error).flat()) expect(m).toMatch(/^[a-z]+:[\w.]+$/);
  });

  it("its keys exist in every language", () => {
    for (const lng of ["en", "zh", "ar", "nl", "es", "fr", "pt"]) {
      const common = JSON.parse(readFileSync(`public/locales/${lng}/common.json`, "utf8")) as {
        errors: Record<string, string>;
      };
      for (const key of Object.values(ZOD_MESSAGES))
        expect(common.errors[key.split(".")[1]], `${lng} ${key}`).toBeTruthy();
    }
  });
});
