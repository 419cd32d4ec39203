import fs from "node:fs";
import path from "node:path";
import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { SubmitButton } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TranslationsProvider } from "~/i18n/react";
import { Translations } from "~/i18n/translate";

// Issue 19, "Dialogs": Cancel and the main action side by side, in the same
// order in every dialog (the kit's DialogActions); a destructive action in the
// kit's one destructive tone, the same size as the others and no louder than
// the page's main action; no page writes its own colours for a button.

beforeAll(() => {
  // The test router's layout effects cannot run in a server render; React says so once per render.
  const error = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
    error(...args);
  };
});

async function render(tone: "primary" | "danger") {
  const i18n = new Translations("en", { en: { common: { common: { cancel: "Cancel", processing: "Processing…" } } } });
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => (
        <ConfirmDialog title="Delete it?" cancelTo="/list">
          <form method="post">
            <p>Sure?</p>
            <SubmitButton tone={tone}>Delete</SubmitButton>
          </form>
        </ConfirmDialog>
      ),
    },
  ]);
  return renderToString(
    <TranslationsProvider value={i18n}>
      <Stub />
    </TranslationsProvider>,
  );
}

describe("the kit's buttons", () => {
  it("one class a tone, with layout extras after it", () => {
    expect(buttonClass()).toBe("btn-primary");
    expect(buttonClass("secondary")).toBe("btn-secondary");
    expect(buttonClass("danger")).toBe("btn-danger");
    expect(buttonClass("danger", "py-1")).toBe("btn-danger py-1");
  });

  it("a confirm dialog shows Cancel, then its main action, in one row; a destructive one in the danger tone", async () => {
    const html = await render("danger");
    const row = /<div class="flex flex-wrap items-center justify-end gap-3 pt-2">(.*?)<\/div>/.exec(html)?.[1] ?? "";
    expect(row).toMatch(
      /^<a [^>]*class="btn-secondary whitespace-nowrap"[^>]*>Cancel<\/a><button [^>]*class="btn-danger"/,
    );
    expect(row).toContain('href="/list"');
    expect(row).toContain(">Delete</button>");
  });

  it("a dialog whose action is not destructive has the same order, in the primary tone", async () => {
    const row = /justify-end gap-3 pt-2">(.*?)<\/div>/.exec(await render("primary"))?.[1] ?? "";
    expect(row).toMatch(/^<a [^>]*>Cancel<\/a><button [^>]*class="btn-primary"/);
  });

  it("the danger tone is red-700 on white with its border (AA contrast), the size of every tone", () => {
    const css = fs.readFileSync(path.resolve("app/tailwind.css"), "utf8");
    const rule = (name: string) => new RegExp(`\\.${name} \\{\\s*@apply ([^;]+);`).exec(css)?.[1] ?? "";
    expect(rule("btn-danger")).toBe("btn border-red-700 bg-white text-red-700 hover:bg-red-50");
    // Every tone is a .btn, and .btn has a border: the filled tone's is transparent.
    expect(rule("btn")).toContain("border border-transparent");
    for (const tone of ["btn-primary", "btn-secondary", "btn-danger"]) expect(rule(tone)).toMatch(/^btn /);
    // Tailwind's red-700 (#b91c1c) on white: 6.5:1, above AA's 4.5:1 for text.
    const lum = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
      const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    expect((1 + 0.05) / (lum("#b91c1c") + 0.05)).toBeGreaterThan(4.5);
  });
});

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return file.endsWith(path.join("components", "ui")) ? [] : sources(file);
    return /\.tsx$/.test(e.name) ? [path.relative(process.cwd(), file).split(path.sep).join("/")] : [];
  });
}

describe("no page writes its own button colours", () => {
  const files = [...sources(path.resolve("app/components")), ...sources(path.resolve("app/routes"))];

  it("scans the components and routes", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(files)("%s", (file) => {
    const text = fs.readFileSync(file, "utf8");
    // A destructive action takes the kit's tone (tone="danger", buttonClass("danger")), not the class by hand.
    expect(text).not.toMatch(/["'`\s]btn-danger\b/);
    // A kit button with a colour of its own (text-, bg-, border- colour) would be a second destructive style.
    const classes = [...text.matchAll(/className=\{?["'`]([^"'`]*\bbtn-[a-z]+[^"'`]*)["'`]/g)].map((m) => m[1]);
    for (const c of classes) expect(c, c).not.toMatch(/\b(?:text|bg|border)-(?:red|rose|secondary|primary)(?:-\w+)?\b/);
  });
});
