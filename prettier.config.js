// Prettier: the Epic Stack's shared options (@epic-web/config, with the
// Tailwind class-order plugin), set back to this repository's own style: two
// spaces, double quotes, semicolons, 120 columns (ADR 031).
import { config as epic } from "@epic-web/config/prettier";

/** @type {import("prettier").Config} */
export default {
  ...epic,
  useTabs: false,
  singleQuote: false,
  semi: true,
  printWidth: 120,
  // Markdown keeps its own line breaks: the docs are hand-wrapped prose.
  proseWrap: "preserve",
};
