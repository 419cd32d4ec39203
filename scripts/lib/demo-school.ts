// The demo school over plain HTTP: signing its users in and finding their
// courses, for the scripts and e2e specs that drive a built app
// (scripts/lib/built-app.ts) without a browser: Lighthouse, the HTML check,
// the bench, tests/e2e/headers-logs.spec.ts.

/** The demo accounts' password (app/db/seed/demo.server.ts). */
export const DEMO_PASSWORD = "demo-pass-2026";

/** Posts the login form like a browser without JavaScript; returns the `name=value` session cookie. */
export async function signIn(baseURL: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${baseURL}/authentication/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL },
    body: new URLSearchParams({ email, password, redirectTo: "" }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  const session = cookies.find((c) => c.startsWith("token="));
  if (res.status !== 302 || !session) throw new Error(`Sign-in as ${email} failed (HTTP ${res.status}).`);
  // The language cookie (when the profile has one) is dropped: the caller picks the language.
  return session;
}

/** The ids of the courses on a professor's /teachers page, in page order. */
export async function professorCourseIds(baseURL: string, cookie: string): Promise<number[]> {
  const res = await fetch(`${baseURL}/teachers`, { headers: { Cookie: cookie }, redirect: "manual" });
  if (!res.ok) throw new Error(`/teachers answered HTTP ${res.status}`);
  const html = await res.text();
  const ids = [...html.matchAll(/href="\/course\/(\d+)\//g)].map((m) => Number(m[1]));
  return [...new Set(ids)];
}
