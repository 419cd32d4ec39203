import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/kysely.server";
import { type Role, type User } from "~/db/schema";
import { i18next, localeCookie } from "~/i18n/i18n.server";
import { ROLES } from "~/modules/auth/permissions";
import {
  schoolLanguage,
  schoolLogoImage,
  schoolName,
  schoolSettings,
  schoolTimeZone,
} from "~/modules/settings/settings.server";
import * as appRoute from "~/routes/_app";
import * as settingsRoute from "~/routes/_app.admin.settings";
import * as loginRoute from "~/routes/authentication.login";
import * as logoRoute from "~/routes/school-logo.$file";
import { useTestDatabase } from "../helpers/db";
import { ORIGIN, callAction, callLoader, createRoleUsers, redirectedTo, request, signIn } from "../helpers/fixtures";
import { JPEG_8X8, brokenPng, solidPng } from "../helpers/images";
import { clearStoredImages, storedImageBytes, storedImages } from "../helpers/stored-images";

// Issue 15: the school settings page (admin only), its checks, its audit
// line, and a change holding on the very next request (no per-process copy).

useTestDatabase();

const UPLOADS = fs.mkdtempSync(path.join(os.tmpdir(), "school-settings-uploads-"));
process.env.UPLOAD_DIR = UPLOADS;
afterAll(() => fs.rmSync(UPLOADS, { recursive: true, force: true }));

let users: Record<Role, User>;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  users = await createRoleUsers();
  for (const role of ROLES) cookies[role] = await signIn(users[role].email);
});

const DEFAULTS = [
  { key: "school_name", value: "Horizon English School" },
  { key: "time_zone", value: "America/Guayaquil" },
];

beforeEach(async () => {
  await db().deleteFrom("settings").execute();
  await db().insertInto("settings").values(DEFAULTS).execute();
  await db().deleteFrom("audit_log").execute();
  await clearStoredImages();
});

type File = { bytes: Buffer | string; name: string; type: string };

/** The settings form as the browser sends it: multipart, the logo's input empty unless a file is given. */
function multipart(cookie: string | undefined, fields: Record<string, string>, file?: File) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const logo = file ?? { bytes: "", name: "", type: "application/octet-stream" };
  form.append(
    "logo",
    new Blob([typeof logo.bytes === "string" ? logo.bytes : new Uint8Array(logo.bytes)], { type: logo.type }),
    logo.name,
  );
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${ORIGIN}/admin/settings`, { method: "POST", body: form, headers });
}

const VALID = { intent: "save", name: "Quito Language Centre", time_zone: "Asia/Tokyo", default_language: "fr" };
const save = (fields: Record<string, string> = VALID, file?: File, cookie = cookies.admin_staff) =>
  callAction(settingsRoute, multipart(cookie, fields, file));
const removeLogo = (cookie = cookies.admin_staff) =>
  callAction(settingsRoute, request("/admin/settings", { cookie, form: { intent: "removeLogo" } }));
const rows = async () =>
  Object.fromEntries(
    (await db().selectFrom("settings").select(["key", "value"]).execute()).map((r) => [r.key, r.value]),
  );
const audits = () => db().selectFrom("audit_log").selectAll().orderBy("id").execute();
const uploads = () => storedImages();
const logo = (file: string) => callLoader(logoRoute, request(`/school-logo/${file}`), { file });

type Result = { result: { error?: Record<string, string[] | null> } };
const errorsOf = async (res: Response) => ((await res.json()) as Result).result.error ?? {};

describe("who may use the settings page", () => {
  it("the admin sees the current settings and the runtime's time zones", async () => {
    const res = await callLoader(settingsRoute, request("/admin/settings", { cookie: cookies.admin_staff }));
    expect(res.status).toBe(200);
    const data = (await res.json()) as { settings: Record<string, unknown>; zones: string[] };
    expect(data.settings).toEqual({
      name: "Horizon English School",
      timeZone: "America/Guayaquil",
      language: "en",
      logo: null,
    });
    expect(data.zones).toContain("America/Guayaquil");
    expect(data.zones).toContain("UTC");
  });

  it.each(["coordinator", "receptionist", "financial"] as const)(
    "%s: 403 on the page and on a save, nothing written",
    async (role) => {
      const page = await callLoader(settingsRoute, request("/admin/settings", { cookie: cookies[role] }));
      expect(page.status).toBe(403);
      const res = await save(VALID, { bytes: solidPng(10, 10), name: "logo.png", type: "image/png" }, cookies[role]);
      expect(res.status).toBe(403);
      expect((await removeLogo(cookies[role])).status).toBe(403);
      expect(await rows()).toEqual({ school_name: "Horizon English School", time_zone: "America/Guayaquil" });
      expect(await audits()).toEqual([]);
      expect(await uploads()).toEqual([]);
    },
  );

  it.each([
    ["professor", "/teachers"],
    ["student", "/student"],
  ] as const)("%s: sent to %s, nothing written", async (role, home) => {
    expect(redirectedTo(await callLoader(settingsRoute, request("/admin/settings", { cookie: cookies[role] })))).toBe(
      home,
    );
    expect(redirectedTo(await save(VALID, undefined, cookies[role]))).toBe(home);
    expect(await rows()).toEqual({ school_name: "Horizon English School", time_zone: "America/Guayaquil" });
  });

  it("anonymous: sent to sign in, nothing written", async () => {
    expect(redirectedTo(await callLoader(settingsRoute, request("/admin/settings")))).toMatch(
      /^\/authentication\/login\?redirectTo=/,
    );
    expect(redirectedTo(await callAction(settingsRoute, multipart(undefined, VALID)))).toMatch(
      /^\/authentication\/login/,
    );
    expect(await rows()).toEqual({ school_name: "Horizon English School", time_zone: "America/Guayaquil" });
  });
});

describe("saving", () => {
  it("writes the settings, logs old → new, and the next request sees them (no restart)", async () => {
    expect(await schoolTimeZone()).toBe("America/Guayaquil");
    const res = await save({ ...VALID, name: "  Quito Language Centre " });
    expect(redirectedTo(res)).toBe("/admin/settings");
    expect(await rows()).toEqual({
      school_name: "Quito Language Centre",
      time_zone: "Asia/Tokyo",
      default_language: "fr",
    });

    // The very next call, in this same process that answered before.
    expect(await schoolTimeZone()).toBe("Asia/Tokyo");
    expect(await schoolName()).toBe("Quito Language Centre");
    expect(await schoolLanguage()).toBe("fr");
    const shell = (await (
      await callLoader(appRoute, request("/dashboard", { cookie: cookies.receptionist }))
    ).json()) as { schoolName: string; schoolLogo: string | null };
    expect(shell).toMatchObject({ schoolName: "Quito Language Centre", schoolLogo: null });

    const [row] = await audits();
    expect(row).toMatchObject({
      user_id: users.admin_staff.id,
      action: "settings.updated",
      entity: "settings",
      entity_id: null,
    });
    expect(JSON.parse(row.details ?? "")).toEqual({
      school_name: { from: "Horizon English School", to: "Quito Language Centre" },
      time_zone: { from: "America/Guayaquil", to: "Asia/Tokyo" },
      default_language: { from: null, to: "fr" },
    });
  });

  it("a change made by another instance (straight in the database) holds on this one's next request", async () => {
    expect(await schoolName()).toBe("Horizon English School");
    await db().updateTable("settings").set({ value: "Elsewhere Academy" }).where("key", "=", "school_name").execute();
    await db().updateTable("settings").set({ value: "Europe/Lisbon" }).where("key", "=", "time_zone").execute();
    expect(await schoolName()).toBe("Elsewhere Academy");
    expect(await schoolTimeZone()).toBe("Europe/Lisbon");
    const login = (await (await callLoader(loginRoute, request("/authentication/login"))).json()) as {
      schoolName: string;
    };
    expect(login.schoolName).toBe("Elsewhere Academy");
  });

  it("saving the same values again writes no audit line", async () => {
    await save();
    await save();
    expect(await audits()).toHaveLength(1);
  });

  it("accepts UTC, which Intl's list of zones leaves out", async () => {
    expect(redirectedTo(await save({ ...VALID, time_zone: "UTC" }))).toBe("/admin/settings");
    expect(await schoolTimeZone()).toBe("UTC");
  });

  it("also takes the form as a plain post (no logo)", async () => {
    const res = await callAction(
      settingsRoute,
      request("/admin/settings", { cookie: cookies.admin_staff, form: VALID }),
    );
    expect(redirectedTo(res)).toBe("/admin/settings");
    expect(await schoolName()).toBe("Quito Language Centre");
  });
});

describe("bad input: 400, a message by the field, nothing written", () => {
  const UNCHANGED = { school_name: "Horizon English School", time_zone: "America/Guayaquil" };

  it.each([
    ["an empty name", { name: "  " }, "name", "school:settings.errors.nameRequired"],
    ["a 101-character name", { name: "x".repeat(101) }, "name", "school:settings.errors.nameTooLong"],
    ["a name with a tab", { name: "Horizon\tSchool" }, "name", "school:settings.errors.nameControl"],
    ["a NUL in the name", { name: "Horizon\u0000" }, "name", "school:settings.errors.nameControl"],
    [
      "a zone the runtime does not know",
      { time_zone: "Mars/Olympus_Mons" },
      "time_zone",
      "school:settings.errors.timeZoneUnknown",
    ],
    ["an empty zone", { time_zone: "" }, "time_zone", "school:settings.errors.timeZoneRequired"],
    [
      "a language the app does not have",
      { default_language: "de" },
      "default_language",
      "school:settings.errors.languageRequired",
    ],
  ])("%s", async (_label, change, field, message) => {
    const res = await save({ ...VALID, ...change });
    expect(res.status).toBe(400);
    expect((await errorsOf(res))[field]).toEqual([message]);
    expect(await rows()).toEqual(UNCHANGED);
    expect(await audits()).toEqual([]);
  });

  it("a name the PDF fonts cannot print is refused, naming the characters", async () => {
    // Latin, Arabic and Chinese print (app/pdf/fonts.server.ts); Tamil has no font.
    const res = await save({ ...VALID, name: "Horizon தமிழ்" });
    expect(res.status).toBe(400);
    const [message] = (await errorsOf(res)).name ?? [];
    expect(message).toContain("தமிழ்");
    expect(await rows()).toEqual(UNCHANGED);
  });

  it.each([
    ["a text file named .png", { bytes: "not a picture", name: "logo.png", type: "image/png" }, "notAnImage"],
    [
      "an SVG",
      {
        bytes: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        name: "logo.svg",
        type: "image/svg+xml",
      },
      "notAnImage",
    ],
    [
      "a WebP",
      {
        bytes: Buffer.concat([
          Buffer.from("RIFF"),
          Buffer.from([0x1a, 0, 0, 0]),
          Buffer.from("WEBPVP8L"),
          Buffer.alloc(14),
        ]),
        name: "logo.webp",
        type: "image/webp",
      },
      "notPngOrJpeg",
    ],
    [
      "a 3 MB PNG",
      { bytes: Buffer.concat([solidPng(4, 4), Buffer.alloc(3 * 1024 * 1024)]), name: "big.png", type: "image/png" },
      "tooLarge",
    ],
    ["a PNG 3000 pixels wide", { bytes: solidPng(3000, 1), name: "wide.png", type: "image/png" }, "tooManyPixels"],
    ["a broken PNG", { bytes: brokenPng(), name: "broken.png", type: "image/png" }, "unreadable"],
  ])("%s as the logo: the other fields are not saved either", async (_label, file, reason) => {
    const res = await save(VALID, file);
    // Too large is a 413 (ADR 026); the rest 400.
    expect(res.status).toBe(reason === "tooLarge" ? 413 : 400);
    expect((await errorsOf(res)).logo).toEqual([`school:settings.errors.logo.${reason}`]);
    expect(await rows()).toEqual(UNCHANGED);
    expect(await audits()).toEqual([]);
    expect(await uploads()).toEqual([]);
  });

  it("a bad logo and a bad name are both reported", async () => {
    const res = await save({ ...VALID, name: "" }, { bytes: "nope", name: "x.png", type: "image/png" });
    expect(res.status).toBe(400);
    const errors = await errorsOf(res);
    expect(errors.name).toEqual(["school:settings.errors.nameRequired"]);
    expect(errors.logo).toEqual(["school:settings.errors.logo.notAnImage"]);
  });

  it("a body that is no form is a 400, not a 500", async () => {
    const res = await callAction(
      settingsRoute,
      new Request(`${ORIGIN}/admin/settings`, {
        method: "POST",
        body: "--x\r\nbroken",
        headers: { Origin: ORIGIN, Cookie: cookies.admin_staff, "Content-Type": "multipart/form-data; boundary=zzz" },
      }),
    );
    expect(res.status).toBe(400);
    expect(await rows()).toEqual(UNCHANGED);
  });
});

describe("the logo", () => {
  const PNG = solidPng(120, 40);

  it("is stored, served to anyone by the public route, named in the shell and drawn by the PDFs", async () => {
    const res = await save(VALID, { bytes: PNG, name: "my logo.png", type: "image/png" });
    expect(redirectedTo(res)).toBe("/admin/settings");
    const file = (await rows()).logo;
    expect(file).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(await storedImageBytes(file)).toEqual(PNG);
    expect(JSON.parse((await audits())[0].details ?? "").logo).toEqual({ from: null, to: file });

    const served = await logo(file);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    const login = (await (await callLoader(loginRoute, request("/authentication/login"))).json()) as {
      schoolLogo: string;
    };
    expect(login.schoolLogo).toBe(`/school-logo/${file}`);
    const shell = (await (await callLoader(appRoute, request("/dashboard", { cookie: cookies.financial }))).json()) as {
      schoolLogo: string;
    };
    expect(shell.schoolLogo).toBe(`/school-logo/${file}`);
    expect(await schoolLogoImage()).toEqual({ bytes: new Uint8Array(PNG), type: "png" });
  });

  it("saving without a file keeps it; a new one replaces it and its file", async () => {
    await save(VALID, { bytes: PNG, name: "a.png", type: "image/png" });
    const first = (await rows()).logo;
    await save({ ...VALID, name: "Renamed School" });
    expect((await rows()).logo).toBe(first);
    await save(VALID, { bytes: JPEG_8X8, name: "b.jpg", type: "image/jpeg" });
    const second = (await rows()).logo;
    expect(second).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect(await uploads()).toEqual([second]);
    expect((await logo(first)).status).toBe(404);
    expect((await logo(second)).headers.get("Content-Type")).toBe("image/jpeg");
  });

  it("the remove button removes it, its file and the route's answer; logged", async () => {
    await save(VALID, { bytes: PNG, name: "a.png", type: "image/png" });
    const file = (await rows()).logo;
    expect(redirectedTo(await removeLogo())).toBe("/admin/settings");
    expect((await rows()).logo).toBeUndefined();
    expect(await uploads()).toEqual([]);
    expect((await logo(file)).status).toBe(404);
    expect((await schoolSettings()).logo).toBeNull();
    const last = (await audits()).at(-1)!;
    expect(last.action).toBe("settings.updated");
    expect(JSON.parse(last.details ?? "")).toEqual({ logo: { from: file, to: null } });
    // Nothing to remove: nothing logged.
    await removeLogo();
    expect((await audits()).filter((a) => a.details?.includes('"logo"'))).toHaveLength(2);
  });

  it("the public route serves only the logo, not the other uploads", async () => {
    fs.writeFileSync(path.join(UPLOADS, `${"a".repeat(32)}.png`), PNG);
    expect((await logo(`${"a".repeat(32)}.png`)).status).toBe(404);
    for (const file of ["../../etc/passwd", "x.png", ""]) expect((await logo(file)).status).toBe(404);
  });
});

describe("the default language", () => {
  const localeOf = (headers: Record<string, string>) =>
    i18next.getLocale(request("/authentication/login", { headers }));

  it("is English until set", async () => {
    expect(await localeOf({ "Accept-Language": "de-DE,de;q=0.9" })).toBe("en");
  });

  it("answers a browser that asks for none of the 7 languages; the browser's own choice and the cookie come first", async () => {
    await save({ ...VALID, default_language: "es" });
    expect(await localeOf({ "Accept-Language": "de-DE,de;q=0.9" })).toBe("es");
    expect(await localeOf({})).toBe("es");
    expect(await localeOf({ "Accept-Language": "de-DE,fr;q=0.5" })).toBe("fr");
    const cookie = (await localeCookie.serialize("pt")).split(";")[0];
    expect(await localeOf({ "Accept-Language": "de-DE", Cookie: cookie })).toBe("pt");
  });
});
