import fs from "node:fs";
import path from "node:path";
import { type Plugin } from "vite";

/**
 * A build plugin that writes, for every chunk of the CLIENT build, the npm
 * packages whose code ended up in it, to build/.vite/client-packages.json
 * (next to, not inside, the public build/client). The page-weight bench and
 * tests/e2e/bundle-budget.spec.ts read it (scripts/bench/bundle.ts) to prove
 * that no route ships a library it does not use (pdf-lib, rrule, date-fns
 * locales...). Part of the build's configuration (vite.config.ts), so it lives
 * in config/: the build imports nothing from scripts/ (ADR 032).
 */
export function clientPackages(): Plugin {
  return {
    name: "school:client-packages",
    apply: "build",
    writeBundle(options, bundle) {
      if (this.environment?.config.consumer !== "client" || !options.dir) return;
      const report: Record<string, string[]> = {};
      const modules: Record<string, Record<string, number>> = {};
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== "chunk") continue;
        modules[file] = Object.fromEntries(
          Object.entries(chunk.modules)
            .map(([id, m]) => [path.relative(process.cwd(), id.replace(/^\0/, "")), m.renderedLength] as const)
            .sort((a, b) => b[1] - a[1]),
        );
        const packages = new Set<string>();
        for (const id of chunk.moduleIds) {
          const pkg = packageOf(id);
          if (pkg) packages.add(pkg);
        }
        report[file] = [...packages].sort();
      }
      const out = path.resolve(options.dir, "..", ".vite", "client-packages.json");
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, `${JSON.stringify(report, null, 1)}\n`);
      // What each chunk holds, module by module (minified bytes): where to look when a route grows.
      fs.writeFileSync(path.join(path.dirname(out), "client-modules.json"), `${JSON.stringify(modules, null, 1)}\n`);
    },
  };
}

/** "…/node_modules/@pdf-lib/fontkit/dist/x.js" → "@pdf-lib/fontkit"; "date-fns/locale/fr" keeps its folder. */
export function packageOf(id: string): string | null {
  const clean = id.replace(/^\0/, "").replace(/\?.*$/, "");
  const at = clean.lastIndexOf("/node_modules/");
  if (at < 0) return null;
  const parts = clean.slice(at + "/node_modules/".length).split("/");
  const name = parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  // date-fns is one package, but its locales are the heavy, avoidable part.
  if (name === "date-fns" && parts.includes("locale")) return "date-fns/locale";
  return name;
}

/** What every page of the browser's build runs before it hydrates: the framework and the root's shared modules. */
const FRAMEWORK_PACKAGES = new Set([
  "react",
  "react-dom",
  "scheduler",
  "react-router",
  "react-router-dom",
  "@remix-run/router",
  "@remix-run/react",
  "@remix-run/server-runtime",
  "turbo-stream",
  "remix-i18next",
]);
const ROOT_MODULES = [
  // The entry's own code: with it, this chunk is the entry's file, one request
  // less on every page (entry.client.tsx starts once the page's script has run).
  "/app/entry.client.tsx",
  "/app/i18n/",
  "/app/components/error-view.tsx",
  "/app/components/ui/alert-dialog.tsx",
  // Remix's single fetch, off: its stand-in (single-fetch-off.ts).
  "/config/single-fetch-stub.js",
];

/**
 * The app's small modules most pages load (the public pages' header, names,
 * labels, formats, the forms' parts that do not need conform): 0.1 to 1.3 KB
 * of gzip each, in 25 to 50 of the 50 pages. Each was a file of its own, a
 * round trip on a slow line; with the framework they cost the few pages that
 * do not use them about 5 KB (issue 18, docs/performance.md). The signed-in
 * shell's own (its icons, profile menu) are one file of their own, below: the
 * public pages, the sign-in first, do not carry them.
 */
const PAGE_MODULES = [
  "/app/components/layout/skip-link.tsx",
  "/app/components/language-switcher.tsx",
  "/app/components/layout/school-mark.tsx",
  "/app/modules/settings/initial.ts",
  "/app/components/format.ts",
  "/app/components/use-hydrated.ts",
  "/app/components/ui/meta.ts",
  "/app/components/app-names.tsx",
  "/app/modules/grades/grading.ts",
  "/app/modules/grades/default-bands.ts",
  "/app/modules/levels/levels.ts",
  "/app/modules/calendar/schedules.ts",
  "/app/components/courses/labels.tsx",
  "/app/modules/shared/ids.ts",
  "/app/modules/auth/password-rules.ts",
  "/app/modules/registrations/hear-about.ts",
  "/app/components/ui/page-header.tsx",
  "/app/components/ui/status-badge.tsx",
  "/app/modules/attendance/course-pages.ts",
  "/app/components/forms.tsx",
  "/app/components/ui/button.ts",
  "/app/components/ui/form-alert.tsx",
  "/app/components/ui/dialog-actions.tsx",
  "/app/http/intents.ts",
];

const SHELL_MODULES = ["/app/components/layout/icons.tsx", "/app/components/layout/profile-menu.tsx"];

/**
 * Conform with the app's modules that use it (the fields, the form hook, the
 * later checks): one file, for the pages with a form conform runs. The kit's
 * parts without conform (the submit button, the error and alert slots, a
 * dialog's actions, an intent's result) are with the framework: pages that use
 * only those (the gradebook, attendance, the transfers list) do not load
 * conform (issue 18 target 6).
 */
const FORM_PACKAGES = new Set(["@conform-to/react", "@conform-to/dom"]);
const FORM_MODULES = [
  "/app/components/use-app-form.ts",
  "/app/components/fields.tsx",
  "/app/components/later-checks.ts",
  // The registration wizard's steps (0.2 KB of gzip): a file of its own was one more request for the registration.
  "/app/modules/registrations/wizard.ts",
];

/**
 * Two files of small modules that pages load together, each in its own file
 * before (0.1 to 1 KB of gzip apiece, each file with its own gzip stream and
 * request): the lists' table with the detail pages' card (about 20 signed-in
 * pages: not with the framework, which the sign-in, the registration and the
 * forms that show no table, such as a user's page, load too), and a student's
 * parts (absence counts, person details, the students' words).
 */
const TABLE_MODULES = [
  "/app/components/ui/data-table.tsx",
  "/app/components/ui/table-scroll.tsx",
  "/app/components/ui/details-card.tsx",
];
const STUDENT_MODULES = [
  "/app/components/students/absence-count.tsx",
  "/app/components/students/person-details.tsx",
  "/app/components/students/use-students-translation.ts",
  "/app/modules/students/absence.ts",
];

/**
 * Rollup's manualChunks for the browser's build (vite.config.ts): the modules
 * every full page load fetches go into one "framework" chunk, so a page
 * downloads one file for them instead of six, each a round trip on a slow
 * line, and gzip sees them together. Everything else is left to Rollup
 * (per route, shared chunks by use), and Radix stays in the lazy dialog's chunk.
 */
export function clientChunk(id: string): string | undefined {
  const clean = id.replace(/^\0/, "").replace(/\?.*$/, "");
  const pkg = packageOf(clean);
  if (pkg ? FRAMEWORK_PACKAGES.has(pkg) : [...ROOT_MODULES, ...PAGE_MODULES].some((m) => clean.includes(m)))
    return "framework";
  if (pkg ? FORM_PACKAGES.has(pkg) : FORM_MODULES.some((m) => clean.endsWith(m))) return "forms";
  if (!pkg && SHELL_MODULES.some((m) => clean.endsWith(m))) return "shell";
  if (!pkg && TABLE_MODULES.some((m) => clean.endsWith(m))) return "tables";
  if (!pkg && STUDENT_MODULES.some((m) => clean.endsWith(m))) return "student-parts";
  // Rollup's own helpers for CommonJS modules (React's) belong with them.
  if (clean === "commonjsHelpers.js") return "framework";
  return undefined;
}
