import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon } from "~/components/layout/icons";
import { StarIcon } from "~/components/layout/menu-tools";

// The menu's icons draw their strokes from the .icon class (tailwind.css),
// not from presentation attributes on each (issue 18).
const classes = (html: string) => /class="([^"]*)"/.exec(html)![1].split(" ");

describe("line icons", () => {
  it("carry the icon class and their size, and no stroke attributes", () => {
    const html = renderToString(<Icon name="profile" className="h-4 w-4" />);
    expect(classes(html)).toEqual(["icon", "h-4", "w-4"]);
    expect(html).not.toMatch(/stroke|fill=|focusable/);
  });

  it("a filled star says so with its class, beside its size; an empty one does not", () => {
    expect(classes(renderToString(<StarIcon filled />))).toEqual(["icon", "icon-filled", "h-5", "w-5"]);
    expect(classes(renderToString(<StarIcon filled={false} className="h-4 w-4" />))).toEqual(["icon", "h-4", "w-4"]);
  });
});
