import { createCookie } from "@remix-run/node";
import { type SidebarState } from "~/modules/menu/shell.server";

// The sidebar's open/closed choice, so it survives navigation without JavaScript.
export const sidebarCookie = createCookie("sidebar", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function readSidebar(request: Request): Promise<SidebarState> {
  const header = request.headers.get("Cookie");
  // Most requests carry no sidebar choice: nothing to parse.
  if (!header?.includes("sidebar=")) return "auto";
  const v = await sidebarCookie.parse(header);
  return v === "open" || v === "closed" ? v : "auto";
}
