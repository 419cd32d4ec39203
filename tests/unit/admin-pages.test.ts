import { readFileSync } from "node:fs";
import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { imageFormRefusal } from "~/http/image-upload.server";
import { describeDetails } from "~/modules/audit/audit-log.server";
import { settingsFormSchema } from "~/modules/settings/settings";
import { uploadedLogo } from "~/modules/settings/settings.server";
import { solidPng } from "../helpers/images";

// Issue 17: the pieces the admin pages' read models and the settings action
// moved out of their routes.

describe("describeDetails (the audit log's details column)", () => {
  const names = {
    users: new Map([[7, "Pia Professor"]]),
    students: new Map([
      [3, "Ana Lima"],
      [4, "Li Wei"],
    ]),
    courses: new Map([[9, "ADU-B1-01"]]),
  };

  it("shows {from, to} pairs as a change of a named field, values by what they are, not raw keys", () => {
    expect(
      describeDetails(
        JSON.stringify({ name: { from: "Ann", to: "Anna" }, role: { from: "receptionist", to: "coordinator" } }),
        names,
      ),
    ).toEqual([
      { label: "users:fields.name", from: { text: "Ann" }, to: { text: "Anna" } },
      {
        label: "users:fields.role",
        from: { key: "common:roles.receptionist" },
        to: { key: "common:roles.coordinator" },
      },
    ]);
  });

  it("names people and courses by their names, levels and dates as such, counts as plurals", () => {
    const lines = describeDetails(
      JSON.stringify({ students: [3, 4, 5], to: 9, level: 4, professor_id: 7, start_date: "2026-09-01", items: 7 }),
      names,
    );
    expect(lines).toEqual([
      {
        label: "users:audit.fields.students",
        value: { list: [{ text: "Ana Lima" }, { text: "Li Wei" }, { key: "users:audit.values.removed" }] },
      },
      { label: "users:audit.fields.toCourse", value: { text: "ADU-B1-01" } },
      { label: "common:registration.fields.level", value: { level: "B1+" } },
      { label: "courses:fields.professor", value: { text: "Pia Professor" } },
      { label: "courses:fields.startDate", value: { date: "2026-09-01" } },
      { label: "users:audit.fields.items", value: { key: "users:audit.values.count", values: { count: 7 } } },
    ]);
  });

  it("reads the changes of a student as one line per field, and the lock's reason in words", () => {
    expect(describeDetails(JSON.stringify({ changes: { status: { from: "active", to: "inactive" } } }), names)).toEqual(
      [
        {
          label: "courses:fields.status",
          from: { key: "common:statuses.student.active" },
          to: { key: "common:statuses.student.inactive" },
        },
      ],
    );
    // The action names the record, so the status word agrees with it (a course is "active" as a course).
    expect(
      describeDetails(
        JSON.stringify({ changes: { status: { from: "active", to: "inactive" } } }),
        names,
        "course.updated",
      ),
    ).toEqual([
      {
        label: "courses:fields.status",
        from: { key: "common:statuses.course.active" },
        to: { key: "common:statuses.course.inactive" },
      },
    ]);
    expect(describeDetails(JSON.stringify({ reason: "failed sign-ins" }), names)).toEqual([
      { label: "users:audit.fields.reason", value: { key: "users:audit.values.failedSignIns" } },
    ]);
  });

  it("keeps what it does not know as written (never dropped), and shows no lines without details", () => {
    expect(describeDetails(JSON.stringify({ count: 3 }), names)).toEqual([
      { label: "users:audit.fields.other", value: { text: "count = 3" } },
    ]);
    expect(describeDetails("plain {text", names)).toEqual([
      { label: "users:audit.fields.other", value: { text: "plain {text" } },
    ]);
    expect(describeDetails(null, names)).toEqual([]);
    expect(describeDetails("[1,2]", names)).toEqual([{ label: "users:audit.fields.other", value: { text: "[1,2]" } }]);
  });

  it("every label and value key it can give exists in every language", () => {
    const keys = [
      ...JSON.stringify(
        describeDetails(
          JSON.stringify({
            name: "x",
            role: "admin_staff",
            password: "link",
            status: "pending",
            same_billing: true,
            age_category: "kids",
            type: "on-site",
            default_language: "fr",
            category: "EXAM",
            direction: "up",
            reason: "failed sign-ins",
            items: 2,
            changes: [1, 2],
            schedule_days: "MO,WE",
            student_id: 99,
            course_id: 9,
            session_date: "2026-01-05",
            failed_logins: 3,
            item_name: "Essay",
            min: 1,
            max: 2,
            time_zone: "UTC",
            school_name: "S",
            to: 9,
          }),
          names,
        ),
      ).matchAll(/"(?:label|key)":"([a-z]+):([\w.]+)"/g),
    ];
    expect(keys.length).toBeGreaterThan(20);
    for (const lng of ["en", "zh", "ar", "nl", "es", "fr", "pt"])
      for (const [, ns, key] of keys) {
        const file = JSON.parse(readFileSync(`public/locales/${lng}/${ns}.json`, "utf8")) as Record<string, unknown>;
        const found = key
          .split(".")
          .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], file);
        const plural = key.split(".").reduce<unknown>((node, part, i, all) => {
          const n = node as Record<string, unknown> | undefined;
          return i === all.length - 1 ? n?.[`${part}_other`] : n?.[part];
        }, file);
        expect(typeof (found ?? plural), `${lng} ${ns}:${key}`).toBe("string");
      }
  });
});

describe("uploadedLogo", () => {
  it("keeps the logo when no file was chosen, refuses a file that is not an image", async () => {
    expect(await uploadedLogo({ ok: false, reason: "missing" })).toEqual({ ok: true, logo: null });
    expect(await uploadedLogo({ ok: false, reason: "notAnImage" })).toEqual({ ok: false, reason: "notAnImage" });
  });

  it("takes a PNG the PDFs can draw, refuses a WebP", async () => {
    const png = solidPng(8, 8);
    expect(await uploadedLogo({ ok: true, bytes: png, extension: "png" })).toEqual({
      ok: true,
      logo: { bytes: png, extension: "png" },
    });
    expect(await uploadedLogo({ ok: true, bytes: png, extension: "webp" })).toEqual({
      ok: false,
      reason: "notPngOrJpeg",
    });
  });
});

describe("imageFormRefusal", () => {
  const schema = settingsFormSchema(["UTC"]);
  const form = (entries: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(entries)) data.set(key, value);
    return data;
  };

  it("a body cut off at its limit keeps what the form showed: only the extra errors, 413", () => {
    const fields = new FormData();
    const refused = imageFormRefusal(
      fields,
      parseWithZod(fields, { schema }),
      { ok: false, reason: "tooLarge" },
      {
        logo: ["too large"],
      },
    );
    expect(refused).toEqual({ result: { status: "error", error: { logo: ["too large"] } }, init: { status: 413 } });
  });

  it("adds the extra errors to the schema's, 400", () => {
    const fields = form({ intent: "save", name: "", time_zone: "UTC", default_language: "en" });
    const { result, init } = imageFormRefusal(
      fields,
      parseWithZod(fields, { schema }),
      { ok: false, reason: "notAnImage" },
      {
        logo: ["not an image"],
      },
    );
    expect(init).toEqual({ status: 400 });
    expect(result.error).toEqual({ name: ["school:settings.errors.nameRequired"], logo: ["not an image"] });
  });
});
