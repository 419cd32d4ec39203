/**
 * npm run glossary              — per language, every variant of each glossary
 *                                 term found in the locale files (the chosen word
 *                                 and each rejected one, with the keys using it).
 * npm run glossary -- --write   — regenerate docs/glossary.md from docs/glossary.json.
 */
import { writeFileSync } from "node:fs";
import {
  GLOSSARY_MD,
  TARGETS,
  loadGlossary,
  localeValues,
  rejectedUses,
  renderMarkdown,
  textLines,
  toRegExp,
} from "./glossary-lib";

const glossary = loadGlossary();

if (process.argv.includes("--write")) {
  writeFileSync(GLOSSARY_MD, await renderMarkdown(glossary));
  console.log(`wrote ${GLOSSARY_MD}`);
} else {
  for (const lang of TARGETS) {
    const values = [...localeValues(lang).values()];
    console.log(`\n== ${lang}`);
    for (const term of glossary.terms) {
      const rendering = term[lang];
      if (!rendering) continue;
      const variants = (rendering.reject ?? []).map(({ pattern }) => {
        const re = toRegExp(pattern);
        const found = new Map<string, number>();
        for (const value of values) {
          for (const line of textLines(value)) {
            for (const m of line.matchAll(re)) found.set(m[0], (found.get(m[0]) ?? 0) + 1);
          }
        }
        return `${pattern}: ${found.size ? [...found].map(([w, n]) => `${w}×${n}`).join(", ") : "none"}`;
      });
      console.log(`${term.id}: use “${rendering.use}”${variants.length ? `; rejected ${variants.join("; ")}` : ""}`);
    }
  }
  const findings = rejectedUses(glossary);
  for (const f of findings) console.log(`${f.lang} ${f.key}: “${f.match}” (${f.term}: ${f.why})`);
  console.log(`\n${findings.length} rejected variant(s) in use.`);
  process.exitCode = findings.length ? 1 : 0;
}
