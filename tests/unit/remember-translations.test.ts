import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nConfig } from "~/i18n/config";
import { rememberTranslations, resources } from "~/i18n/i18n.server";

// Issue 18: translations are made once per process and remembered; what the
// remembered t answers must be what i18next answers, call for call.

async function pair(lng: string) {
  const plain = createInstance();
  const remembered = createInstance();
  for (const i of [plain, remembered]) await i.init({ ...i18nConfig, lng, resources, ns: ["common", "courses"] });
  rememberTranslations(remembered);
  return { plain, remembered };
}

describe("rememberTranslations", () => {
  it("answers what i18next answers: plurals, values, namespaces, fixed t's and defaults, in every case twice", async () => {
    for (const lng of ["en", "ar", "zh"]) {
      const { plain, remembered } = await pair(lng);
      const calls: [string | string[], Record<string, unknown>?][] = [
        ["common.processing"],
        ["common:common.processing"],
        ["courses:types.online"],
        ["no.such.key", { defaultValue: "Fallback" }],
        [["no.such.key", "common.processing"]],
        ["transfers:by", { name: "Ana" }],
        ["transfers:by", { name: "Luis" }],
        ...[0, 1, 2, 3, 11, 100, 1.5].map((count): [string, Record<string, unknown>] => [
          "courses:syllabus.itemCount",
          { count },
        ]),
        ["courses:syllabus.itemCount", { count: "1" }],
        ["types.online", { ns: ["courses", "common"] }],
        ["registration.scheduleLabel", { days: "Mon", start: "09:00", end: "11:00" }],
      ];
      // The calls are real texts: plural forms and values differ.
      expect(plain.t("courses:syllabus.itemCount", { count: 1 })).not.toEqual(
        plain.t("courses:syllabus.itemCount", { count: 11 }),
      );
      expect(plain.t("transfers:by", { name: "Ana" })).toContain("Ana");
      for (const [keys, options] of calls)
        for (let round = 0; round < 2; round++)
          expect(remembered.t(keys as string, options as never)).toEqual(plain.t(keys as string, options as never));
      for (const ns of ["common", "courses"]) {
        const a = remembered.getFixedT(lng, ns);
        const b = plain.getFixedT(lng, ns);
        for (const key of ["common.processing", "types.online", "categories.exam"]) expect(a(key)).toEqual(b(key));
      }
    }
  });

  it("keeps calls apart whatever their strings hold, and does not remember objects", async () => {
    const { remembered } = await pair("en");
    remembered.addResource("en", "common", "probe", "{{a}}|{{b}}");
    // Values that would run together if the key were a plain join.
    expect(remembered.t("probe", { a: "x\u0000b=sy", b: "z" })).toBe("x\u0000b=sy|z");
    expect(remembered.t("probe", { a: "x", b: "y\u0000b=sz" })).toBe("x|y\u0000b=sz");
    expect(remembered.t("probe", { a: 1, b: 2 })).toBe("1|2");
    expect(remembered.t("probe", { a: "1", b: "2" })).toBe("1|2");
    // An object value is translated every time (here, its current content).
    const value = { toString: () => "first" };
    expect(remembered.t("probe", { a: value, b: "" })).toBe("first|");
    value.toString = () => "second";
    expect(remembered.t("probe", { a: value, b: "" })).toBe("second|");
    // returnObjects answers a fresh object every time.
    const tree = remembered.t("common", { returnObjects: true }) as object;
    expect(remembered.t("common", { returnObjects: true })).toEqual(tree);
  });
});
