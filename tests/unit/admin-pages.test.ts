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
  it("shows {from, to} pairs as from → to, other values as key: value", () => {
    expect(describeDetails(JSON.stringify({ name: { from: "Ann", to: "Anna" }, count: 3 }))).toEqual([
      "name: Ann → Anna",
      "count: 3",
    ]);
  });

  it("keeps text that is not JSON as it is, and shows no lines without details", () => {
    expect(describeDetails("plain {text")).toEqual(["plain {text"]);
    expect(describeDetails(null)).toEqual([]);
    expect(describeDetails("[1,2]")).toEqual(["[1,2]"]);
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
