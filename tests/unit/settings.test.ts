import { PDFDocument, PDFName, PDFDict } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { schoolInitial, settingsSchema } from "~/modules/settings/settings";
import { LOGO_MAX_PIXELS, checkLogo, timeZones } from "~/modules/settings/settings.server";
import { type CertificateData, certificatePdf } from "~/pdf/certificate";
import { loadFontBytes } from "~/pdf/fonts.server";
import { type ReportData, studentReportPdf } from "~/pdf/student-report";
import { type FontBytes } from "~/pdf/text";
import { JPEG_8X8, brokenPng, solidPng } from "../helpers/images";
import { pageTexts } from "./pdf-text";

// Issue 15: the settings form's rules, the logo checks, and the logo (or the
// initial) at the top of the PDFs.

const CERTIFICATE: CertificateData = {
  schoolName: "Horizon English School",
  place: "Guayaquil",
  issuedOn: "2026-03-12",
  number: "HES-2026-0007-000042",
  code: "ABCD-EFGH-JKMN",
  verifyUrl: "https://school.example/certificates/verify/ABCD-EFGH-JKMN",
  studentName: "José Núñez",
  level: "B1+",
  cefr: "B1",
  courseCode: "ADU-B1P-MW-0900",
  startDate: "2026-01-05",
  endDate: "2026-06-19",
  final: 85.5,
  band: "Very Good",
  exam: "PRELIM",
  professor: "Ingrid Ødegård",
};

const REPORT: ReportData = {
  schoolName: "Horizon English School",
  issuedOn: "2026-03-12",
  studentName: "José Núñez",
  courseCode: "ADU-B1P-MW-0900",
  level: "B1+",
  cefr: "B1",
  startDate: "2026-01-05",
  endDate: "2026-06-19",
  professor: null,
  attendance: { present: 20, recovered: 1, late: 3, absent: 2, score: 86.54, absences: 3.5 },
  categories: [{ category: "ASSIGNMENTS", percentage: 100, average: 88, items: [{ name: "Assignment 1", grade: 88 }] }],
  final: 88,
  result: "PASS",
  band: "Very Good",
  exam: null,
  modules: [],
  nextLevel: "B2",
};

const zones = timeZones();
const schema = settingsSchema(zones);
const valid = {
  intent: "save",
  name: "Horizon English School",
  time_zone: "America/Guayaquil",
  default_language: "es",
};
const errorsOf = (input: Record<string, unknown>) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : parsed.error.flatten().fieldErrors;
};

describe("the settings form", () => {
  it("takes a name, a zone of the runtime's list and one of the 7 languages; trims the name", () => {
    const parsed = schema.parse({ ...valid, name: "  Quito Language Centre  " });
    expect(parsed).toEqual({ ...valid, name: "Quito Language Centre" });
  });

  it("knows the runtime's zones and UTC, which Intl leaves out of its list", () => {
    expect(zones).toEqual(expect.arrayContaining(["America/Guayaquil", "Europe/Amsterdam", "Asia/Shanghai", "UTC"]));
    expect(zones.length).toBeGreaterThan(300);
    expect(schema.safeParse({ ...valid, time_zone: "UTC" }).success).toBe(true);
  });

  it.each([
    ["an empty name", { name: "   " }, "name", "school:settings.errors.nameRequired"],
    ["a name over 100 characters", { name: "x".repeat(101) }, "name", "school:settings.errors.nameTooLong"],
    ["a name with a line break", { name: "Horizon\nSchool" }, "name", "school:settings.errors.nameControl"],
    ["a made-up zone", { time_zone: "Mars/Olympus_Mons" }, "time_zone", "school:settings.errors.timeZoneUnknown"],
    ["an offset instead of a zone", { time_zone: "-05:00" }, "time_zone", "school:settings.errors.timeZoneUnknown"],
    [
      "a zone in the wrong case",
      { time_zone: "america/guayaquil" },
      "time_zone",
      "school:settings.errors.timeZoneUnknown",
    ],
    ["no zone", { time_zone: undefined }, "time_zone", "school:settings.errors.timeZoneRequired"],
    [
      "a language the app does not have",
      { default_language: "de" },
      "default_language",
      "school:settings.errors.languageRequired",
    ],
  ])("refuses %s", (_label, change, field, message) => {
    expect(errorsOf({ ...valid, ...change })).toEqual({ [field]: [message] });
  });

  it("the initial stands in for a missing logo (a whole character, upper case)", () => {
    expect(schoolInitial("  horizon English School")).toBe("H");
    expect(schoolInitial("Ñandú Academy")).toBe("Ñ");
    expect(schoolInitial("𝒜 school")).toBe("𝒜");
    expect(schoolInitial("")).toBe("");
  });
});

describe("logo checks (after the avatar ones: type by content, size)", () => {
  it("takes a PNG and a JPEG", async () => {
    expect(await checkLogo(solidPng(120, 40), "png")).toEqual({ ok: true, type: "png" });
    expect(await checkLogo(JPEG_8X8, "jpg")).toEqual({ ok: true, type: "jpg" });
  });

  it("refuses WebP (the PDFs cannot draw it)", async () => {
    expect(await checkLogo(Buffer.from("RIFF\x1a\0\0\0WEBPVP8L"), "webp")).toEqual({
      ok: false,
      reason: "notPngOrJpeg",
    });
  });

  it("refuses a PNG wider or taller than the limit before decoding it", async () => {
    expect(await checkLogo(solidPng(LOGO_MAX_PIXELS + 1, 1), "png")).toEqual({ ok: false, reason: "tooManyPixels" });
    expect(await checkLogo(solidPng(1, LOGO_MAX_PIXELS + 1), "png")).toEqual({ ok: false, reason: "tooManyPixels" });
    expect(await checkLogo(solidPng(LOGO_MAX_PIXELS, 2), "png")).toEqual({ ok: true, type: "png" });
  });

  it("refuses a file with the right first bytes that cannot be drawn", async () => {
    expect(await checkLogo(brokenPng(), "png")).toEqual({ ok: false, reason: "unreadable" });
    expect(
      await checkLogo(
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]),
        "jpg",
      ),
    ).toEqual({ ok: false, reason: "unreadable" });
  });
});

describe("the logo on the PDFs", () => {
  let fonts: FontBytes;
  beforeAll(async () => {
    fonts = await loadFontBytes();
  });

  /** The image XObjects of each page. */
  async function imagesPerPage(bytes: Uint8Array) {
    const doc = await PDFDocument.load(bytes);
    return doc.getPages().map((page) => {
      const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
      return xobjects ? xobjects.keys().length : 0;
    });
  }

  it("a certificate batch embeds the logo once and draws it on every page", async () => {
    const bytes = await certificatePdf([CERTIFICATE, { ...CERTIFICATE, studentName: "Ana Lúcia" }], fonts, undefined, {
      bytes: solidPng(60, 30),
      type: "png",
    });
    expect(await imagesPerPage(bytes)).toEqual([1, 1]);
    const doc = await PDFDocument.load(bytes);
    const images = doc.context
      .enumerateIndirectObjects()
      .filter(
        ([, o]) =>
          o instanceof Object &&
          "dict" in o &&
          (o as { dict: PDFDict }).dict.get(PDFName.of("Subtype")) === PDFName.of("Image"),
      );
    expect(images).toHaveLength(1);
  });

  it("a report draws a JPEG logo", async () => {
    const bytes = await studentReportPdf([REPORT], fonts, undefined, { bytes: JPEG_8X8, type: "jpg" });
    const pages = await imagesPerPage(bytes);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((n) => n === 1)).toBe(true);
  });

  it("without a logo, the initial of the school's name is drawn and no image embedded", async () => {
    const bytes = await certificatePdf([{ ...CERTIFICATE, schoolName: "Quito Language Centre" }], fonts);
    expect(await imagesPerPage(bytes)).toEqual([0]);
    const [first] = pageTexts(await PDFDocument.load(bytes));
    expect(first.startsWith("Q")).toBe(true);
    const report = await studentReportPdf([{ ...REPORT, schoolName: "Zebra School" }], fonts);
    expect(pageTexts(await PDFDocument.load(report))[0].startsWith("Z")).toBe(true);
  });
});
