import { describe, expect, it } from "vitest";
import { menuChangeOf } from "~/modules/menu/change.server";

// The menu tools' posts (resources.menu): which change a form asks for.
function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

describe("menuChangeOf", () => {
  it("reads a star and a pin, on or off", () => {
    expect(menuChangeOf(form({ intent: "bookmark", state: "on", path: "/dashboard", label: "Home" }))).toEqual({
      intent: "bookmark",
      on: true,
      path: "/dashboard",
      label: "Home",
    });
    expect(menuChangeOf(form({ intent: "pin", state: "off", item: "students" }))).toEqual({
      intent: "pin",
      on: false,
      item: "students",
    });
  });

  it("knows no other form: no state, another state, another intent", () => {
    expect(menuChangeOf(form({ intent: "pin", item: "students" }))).toBeNull();
    expect(menuChangeOf(form({ intent: "pin", state: "maybe", item: "students" }))).toBeNull();
    expect(menuChangeOf(form({ intent: "delete", state: "on" }))).toBeNull();
  });
});
