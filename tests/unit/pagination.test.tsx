import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Pagination } from "~/components/ui/pagination";
import { TranslationsProvider } from "~/i18n/react";
import common from "../../public/locales/en/common.json";
import { serverRenderI18n } from "../helpers/server-render";

const i18n = serverRenderI18n({ common });

function render(props: Parameters<typeof Pagination>[0], search: string) {
  const Stub = createRemixStub([{ path: "/admin/students", Component: () => <Pagination {...props} />, id: "root" }]);
  return renderToString(
    <TranslationsProvider value={i18n}>
      <Stub initialEntries={[`/admin/students${search}`]} hydrationData={{ loaderData: { root: {} } }} />
    </TranslationsProvider>,
  ).replaceAll("<!-- -->", "");
}

describe("Pagination", () => {
  it("counted exactly: page of pages, no next link on the last page", () => {
    const html = render({ page: 3, limit: 25, total: 60 }, "?q=ana&page=3");
    expect(html).toContain("Page 3 of 3 · 60 results");
    expect(html).toContain('rel="prev"');
    expect(html).not.toContain('rel="next"');
  });

  it("a search counted up to its cap (ADR 052): more than, and the next page linked with the filters", () => {
    const html = render({ page: 40, limit: 25, total: 1000, more: true }, "?q=ez&status=active&page=40");
    expect(html).toContain("Page 40 · more than 1,000 results");
    expect(html).not.toContain(" of ");
    expect(html).toMatch(/rel="next"[^>]*href="\/admin\/students\?q=ez&amp;status=active&amp;page=41"/);
  });
});
