import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TransferBell } from "~/components/transfers/bell";
import { TranslationsProvider } from "~/i18n/react";
import { type PendingTransfers } from "~/modules/transfers/transfers.server";
import common from "../../public/locales/en/common.json";
import transfers from "../../public/locales/en/transfers.json";
import { serverRenderI18n } from "../helpers/server-render";

const i18n = serverRenderI18n({ common, transfers });

function render(initial: PendingTransfers) {
  const Stub = createRemixStub([
    {
      path: "/",
      Component: () => <TransferBell initial={initial} />,
      loader: () => ({ timeZone: "America/Guayaquil" }),
      id: "root",
    },
  ]);
  // React's text separators (<!-- -->) are not what a person reads.
  return renderToString(
    <TranslationsProvider value={i18n}>
      <Stub hydrationData={{ loaderData: { root: { timeZone: "America/Guayaquil" } } }} />
    </TranslationsProvider>,
  ).replace(/<!-- -->/g, "");
}

describe("the pending-transfer bell (spec layout notes)", () => {
  it("says No pending transfers when there are none, and still links to the pending list", () => {
    const html = render({ count: 0, items: [] });
    expect(html).toContain("No pending transfers");
    expect(html).toContain('href="/admin/transfer-students?status_level_change=pending"');
    expect(html).toContain('aria-label="Pending transfers: 0"');
  });

  it("titles a group with its size, course and level, a single with name and ID or N/A, each linking to its transfer", () => {
    const html = render({
      count: 2,
      items: [
        {
          id: 7,
          is_group: true,
          course_name: "ADU-A2-TT-1719",
          full_level: "A2",
          created_at: "2026-11-19T15:00:00.000Z",
          students: [
            { name: "A B C", cedula: "1" },
            { name: "D E F", cedula: "2" },
            { name: "G H I", cedula: null },
          ],
        },
        {
          id: 8,
          is_group: false,
          course_name: "ADU-B1-MW-1921",
          full_level: "B1",
          created_at: "2026-11-20T15:00:00.000Z",
          students: [{ name: "José Núñez", cedula: null }],
        },
      ],
    });
    expect(html).toContain("Group transfer (3 students)");
    expect(html).toContain("ADU-A2-TT-1719 · A2");
    expect(html).toContain("José Núñez");
    expect(html).toContain("ID: N/A");
    expect(html).toContain('href="/admin/transfer-students?id=7"');
    expect(html).toContain('href="/admin/transfer-students?id=8"');
    expect(html).toContain("max-h-[300px] overflow-y-auto");
    expect(html).toContain("Nov 19, 2026");
  });
});
