import { PDFDocument } from "pdf-lib";
import { db } from "~/db/kysely.server";
import { LANGUAGES, type Language } from "~/i18n/config";
import { audit } from "~/modules/audit/audit.server";
import { oncePerRequest } from "~/modules/shared/request-scope.server";
import {
  type ImageExtension,
  type ImageUpload,
  MAX_AVATAR_BYTES,
  readImage,
  removeImage,
  storeImage,
} from "~/modules/users/avatar.server";
import { loadFontBytes } from "~/pdf/fonts.server";
import { type SchoolLogo, embedLogoImage, missingGlyphs } from "~/pdf/text";
import { DEFAULT_SETTINGS, type SettingsInput } from "./settings";

// The school's settings (issue 15): rows of the settings table, read from the
// database once per request (oncePerRequest: the loaders of a page share the
// read; a POST reads on every call). No copy outlives a request: a change made
// through one app instance holds on the next request of every other one.

const KEYS = { name: "school_name", timeZone: "time_zone", language: "default_language", logo: "logo" } as const;
type Key = keyof typeof KEYS;

export interface SchoolSettings {
  name: string;
  timeZone: string;
  language: Language;
  /** The stored file name (UPLOAD_DIR), or null: the initial of the name stands in. */
  logo: string | null;
}

/** The settings rows of KEYS: one query, made once per request scope (a page's loaders share it). */
function settingsRows(): Promise<Map<string, string>> {
  return oncePerRequest("settings", async () => {
    const rows = await db()
      .selectFrom("settings")
      .select(["key", "value"])
      .where("key", "in", Object.values(KEYS))
      .execute();
    return new Map(rows.map((r) => [r.key, r.value]));
  });
}

export async function schoolSettings(): Promise<SchoolSettings> {
  const map = await settingsRows();
  const language = map.get(KEYS.language);
  return {
    name: map.get(KEYS.name) ?? DEFAULT_SETTINGS.name,
    timeZone: map.get(KEYS.timeZone) ?? DEFAULT_SETTINGS.timeZone,
    language: (LANGUAGES as readonly string[]).includes(language ?? "")
      ? (language as Language)
      : DEFAULT_SETTINGS.language,
    logo: map.get(KEYS.logo) ?? null,
  };
}

async function one(key: Key): Promise<string | undefined> {
  return (await settingsRows()).get(KEYS[key]);
}

export async function schoolName() {
  return (await one("name")) ?? DEFAULT_SETTINGS.name;
}

export async function schoolTimeZone() {
  return (await one("timeZone")) ?? DEFAULT_SETTINGS.timeZone;
}

/** The language of a visitor with no language of their own and none of ours in the browser's list. */
export async function schoolLanguage(): Promise<Language> {
  const value = await one("language");
  return (LANGUAGES as readonly string[]).includes(value ?? "") ? (value as Language) : DEFAULT_SETTINGS.language;
}

/** Where the browser gets the logo: public, since the sign-in page shows it. */
export function logoPath(file: string | null): string | null {
  return file ? `/school-logo/${file}` : null;
}

/** The header's and sign-in page's view of the school. */
export async function schoolBrand() {
  const { name, logo } = await schoolSettings();
  return { name, logo: logoPath(logo) };
}

/** The time zones this runtime knows (what "today" is computed with), plus UTC, which its list leaves out. */
export function timeZones(): string[] {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.add("UTC");
  return [...zones].sort();
}

/** The logo as the PDFs embed it, or null (no logo, or its file is gone). */
export async function schoolLogoImage(): Promise<SchoolLogo | null> {
  const file = await one("logo");
  if (!file) return null;
  const image = await readImage(file);
  if (!image) return null;
  const type = image.contentType === "image/png" ? "png" : image.contentType === "image/jpeg" ? "jpg" : null;
  return type ? { bytes: new Uint8Array(image.bytes), type } : null;
}

/** Beyond this a PNG is refused: the PDFs decode it whole on every print. */
export const LOGO_MAX_PIXELS = 2048;

export type LogoFailure = "notPngOrJpeg" | "tooManyPixels" | "unreadable";

/**
 * A logo passed the avatar checks (type by content, size); the PDFs can draw
 * only PNG and JPEG, and must be able to read it: refused now rather than
 * failing every certificate later.
 */
export async function checkLogo(
  bytes: Uint8Array,
  extension: ImageExtension,
): Promise<{ ok: true; type: "png" | "jpg" } | { ok: false; reason: LogoFailure }> {
  if (extension !== "png" && extension !== "jpg") return { ok: false, reason: "notPngOrJpeg" };
  if (extension === "png") {
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.byteLength < 24) return { ok: false, reason: "unreadable" };
    if (view.getUint32(16) > LOGO_MAX_PIXELS || view.getUint32(20) > LOGO_MAX_PIXELS)
      return { ok: false, reason: "tooManyPixels" };
  }
  try {
    // Embedded as the PDFs will embed it.
    await embedLogoImage(await PDFDocument.create(), { bytes, type: extension });
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  return { ok: true, type: extension };
}

/**
 * The logo of a settings form: none chosen keeps the current one (`logo: null`);
 * a file that is no image, or one the PDFs cannot draw, is refused.
 */
export async function uploadedLogo(
  image: ImageUpload,
): Promise<
  | { ok: true; logo: { bytes: Uint8Array; extension: "png" | "jpg" } | null }
  | { ok: false; reason: "tooLarge" | "notAnImage" | LogoFailure }
> {
  if (!image.ok) return image.reason === "missing" ? { ok: true, logo: null } : { ok: false, reason: image.reason };
  const checked = await checkLogo(image.bytes, image.extension);
  return checked.ok ? { ok: true, logo: { bytes: image.bytes, extension: checked.type } } : checked;
}

/** The settings page: the settings (the logo as the browser gets it), the time zones and the logo's limits. */
export async function settingsPage() {
  const settings = await schoolSettings();
  return {
    settings: { ...settings, logo: logoPath(settings.logo) },
    zones: timeZones(),
    maxMegabytes: MAX_AVATAR_BYTES / (1024 * 1024),
    maxPixels: LOGO_MAX_PIXELS,
  };
}

/** The characters of a school name the PDF fonts cannot print ("" when all can). */
export async function unprintableInName(name: string): Promise<string> {
  const fonts = await loadFontBytes();
  return missingGlyphs(name, fonts, ["regular", "bold"]);
}

type Change = { from: string | null; to: string | null };

/**
 * Saves the settings and, when given, a new logo, in one transaction with its
 * audit line (each changed value, old → new). The new file is written first
 * and removed again if the transaction fails; the replaced one is removed
 * after the commit.
 */
export async function saveSettings(
  input: SettingsInput,
  logo: { bytes: Uint8Array; extension: ImageExtension } | null,
  actorId: number,
) {
  const stored = logo ? await storeImage(logo.bytes, logo.extension) : null;
  let old: string | null = null;
  try {
    old = await db()
      .transaction()
      .execute(async (trx) => {
        const rows = await trx
          .selectFrom("settings")
          .select(["key", "value"])
          .where("key", "in", Object.values(KEYS))
          .execute();
        const current = new Map(rows.map((r) => [r.key, r.value]));
        const wanted: [Key, string | null][] = [
          ["name", input.name],
          ["timeZone", input.time_zone],
          ["language", input.default_language],
        ];
        if (stored) wanted.push(["logo", stored]);
        const changes: Record<string, Change> = {};
        for (const [key, value] of wanted) {
          const before = current.get(KEYS[key]) ?? null;
          if (before === value) continue;
          changes[KEYS[key]] = { from: before, to: value };
          await trx
            .insertInto("settings")
            .values({ key: KEYS[key], value: value! })
            .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ value: eb.ref("excluded.value") })))
            .execute();
        }
        if (Object.keys(changes).length) await audit(actorId, "settings.updated", "settings", null, changes, trx);
        return stored ? (current.get(KEYS.logo) ?? null) : null;
      });
  } catch (error) {
    await removeImage(stored);
    throw error;
  }
  if (old && old !== stored) await removeImage(old);
}

/** Removes the logo (the initial of the name shows again); nothing happens, nor is logged, when there is none. */
export async function removeLogo(actorId: number) {
  const old = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("settings").select("value").where("key", "=", KEYS.logo).executeTakeFirst();
      if (!row) return null;
      await trx.deleteFrom("settings").where("key", "=", KEYS.logo).execute();
      await audit(actorId, "settings.updated", "settings", null, { [KEYS.logo]: { from: row.value, to: null } }, trx);
      return row.value;
    });
  await removeImage(old);
}
