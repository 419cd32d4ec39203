import { Link as RemixLink, NavLink as RemixNavLink } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Link, NavLink, ServerLink, ServerNavLink } from "~/components/ui/link";

// The server renders the app's links as plain anchors (issue 18): their HTML
// must be exactly Remix's, or hydration would find another page.

function render(at: string, node: ReactNode) {
  const Stub = createRemixStub([
    { path: "/admin/students/:id/edit", Component: () => <>{node}</>, id: "edit" },
    { path: "*", Component: () => <>{node}</>, id: "any" },
  ]);
  return renderToString(<Stub initialEntries={[at]} />);
}

const LINKS: [string, string][] = [
  ["/admin/students?q=ana&page=3", "plain"],
  ["/admin/students/5", "with a class"],
  ["/admin/students?q=Jos%C3%A9#top", "encoded, with a hash"],
  ["/admin/students?", "an empty search"],
  ["/admin/students#", "an empty hash"],
  ["/admin/students/", "a trailing slash"],
  ["../..", "relative"],
  ["?page=2", "only a search"],
  ["https://example.org/x", "another site"],
  ["//example.org/x", "protocol-relative"],
  ["/authentication/logout", "reloadDocument"],
];

describe("the server's links are Remix's markup", () => {
  it("is the server version where the app renders (vitest renders as the server does)", () => {
    expect(Link).toBe(ServerLink);
    expect(NavLink).toBe(ServerNavLink);
  });

  for (const at of ["/admin/students/5/edit", "/admin/students", "/dashboard"]) {
    it(`Link, at ${at}`, () => {
      for (const [to, what] of LINKS) {
        const props = {
          to,
          className: what === "with a class" ? "font-medium underline" : undefined,
          rel: "next",
          target: what === "another site" ? "_blank" : undefined,
          prefetch: "intent" as const,
          reloadDocument: what === "reloadDocument",
          "aria-label": "Go",
          children: <span>{what}</span>,
        };
        expect(render(at, <ServerLink {...props} />), `${to} (${what})`).toBe(render(at, <RemixLink {...props} />));
      }
      const props = { to: { pathname: "/admin/students", search: "?q=x" }, children: "object" };
      expect(render(at, <ServerLink {...props} />)).toBe(render(at, <RemixLink {...props} />));
    });

    it(`NavLink, at ${at}: active or not, aria-current, class and children as functions`, () => {
      for (const to of [
        "/admin/students",
        "/admin/students/",
        "/Admin/Students",
        "/admin",
        "/dashboard",
        "/admin/students/5/edit",
        "/admin/students?layout=horizontal",
        "edit",
        "/",
      ]) {
        for (const end of [false, true]) {
          const props = {
            to,
            end,
            prefetch: "intent" as const,
            className: ({ isActive }: { isActive: boolean }) => (isActive ? "on" : "off"),
            children: ({ isActive }: { isActive: boolean }) => (isActive ? "here" : "there"),
          };
          expect(render(at, <ServerNavLink {...props} />), `${to} end=${end}`).toBe(
            render(at, <RemixNavLink {...props} />),
          );
          const plain = {
            to,
            target: "_self",
            end,
            className: "item",
            style: { color: "red" },
            "aria-current": "location" as const,
            children: "x",
          };
          expect(render(at, <ServerNavLink {...plain} />), `${to} end=${end}, plain`).toBe(
            render(at, <RemixNavLink {...plain} />),
          );
        }
      }
    });
  }

  it("the comparison can fail: another href is another page", () => {
    expect(render("/dashboard", <ServerLink to="/admin/students" />)).not.toBe(
      render("/dashboard", <RemixLink to="/admin/students/" />),
    );
  });
});
