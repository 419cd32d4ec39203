import { AxeBuilder } from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { jsEnabled } from "./helpers";

// axe-core for every spec that audits a page: WCAG 2.2 A and AA.

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * The width the page crawls (a11y.spec.ts, student-portal.spec.ts) run axe at
 * for a language in this project, so that every pair of project, language and
 * width is audited once: with JavaScript English at 1280 px and Arabic at
 * 390 px, without it the other way round. The page's markup is the server's in
 * both projects; auditing each page at all four combinations in both would
 * double the crawls' minutes for the same markup (ADR 058).
 */
export function auditSize(lang: "en" | "ar") {
  return (lang === "en") === jsEnabled() ? DESKTOP : PHONE;
}

/**
 * axe's violations on the page as it is now, one line each: "rule (impact):
 * the first elements". axe runs inside the page, which a page without
 * JavaScript cannot do: there the document as the server sent it (and the
 * browser built it) is copied, its scripts removed, into `auditor`, a page
 * with JavaScript that has nothing else to run, at the same URL and size, so
 * its styles load as they did (without one, a page is opened for the audit and
 * closed).
 *
 * axe runs as one axe.run in the page (legacy mode): the default
 * (runPartial, then finishRun in a blank page opened for it) costs twice the
 * time on every audit, for frames these pages do not have.
 */
export async function axeViolations(page: Page, auditor?: Page | null): Promise<string[]> {
  let target = page;
  const own = !jsEnabled() && !auditor;
  if (!jsEnabled()) {
    const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
    const here = page.url();
    target = auditor ?? (await (await page.context().browser()!.newContext({ javaScriptEnabled: true })).newPage());
    await target.unrouteAll();
    await target.route(
      (u) => u.href === here,
      (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
    await target.setViewportSize(page.viewportSize()!);
    await target.goto(here);
  }
  const result = await new AxeBuilder({ page: target })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG)
    .analyze();
  if (own) await target.context().close();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join(" | ")}`,
  );
}
