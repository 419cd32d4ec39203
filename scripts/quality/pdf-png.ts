/**
 * npm run pdf:png [-- ar zh en …]
 *
 * Renders the first page of a student report and of a certificate in each
 * language given (default: all seven) to PNG files for a look, in
 * data/pdf-png/ (ignored by git): <lng>-report.png, <lng>-certificate.png,
 * next to the PDFs themselves. The documents are made from the PDF tests'
 * sample data (scripts/lib/pdf-samples.ts) with a name in another script
 * (王小明 in Arabic and the Latin languages, محمد العلي in Chinese), so a page
 * shows the reader's language and a foreign name at once.
 *
 * Rendering is pdf.js (pdfjs-dist, the renderer in Firefox) in the system
 * Chromium that the end-to-end tests use: no system PDF tools needed.
 * A script, not a test: it asserts nothing.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { chromium } from "@playwright/test";
import { LANGUAGES, RTL_LANGUAGES } from "~/i18n/config";
import { resources } from "~/i18n/i18n.server";
import { certificatePdf } from "~/pdf/certificate";
import { loadFontBytes } from "~/pdf/fonts.server";
import { type PdfLabels, type ResultWords, resultWords } from "~/pdf/labels";
import { studentReportPdf } from "~/pdf/student-report";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../lib/chromium";
import { CERTIFICATE, REPORT } from "../lib/pdf-samples";

const OUT = path.join(process.cwd(), "data", "pdf-png");
const PDFJS = path.join(process.cwd(), "node_modules", "pdfjs-dist", "build");
const ORIGIN = "http://pdf-png.invalid";

const PAGE = `<!doctype html><meta charset="utf-8"><body style="margin:0"><canvas id="c"></canvas>
<script type="module">
import * as pdfjs from "${ORIGIN}/pdf.mjs";
pdfjs.GlobalWorkerOptions.workerSrc = "${ORIGIN}/pdf.worker.mjs";
window.render = async (name) => {
  const doc = await pdfjs.getDocument({ url: "${ORIGIN}/doc/" + name }).promise;
  const page = await doc.getPage(1);
  const viewport = page.getViewport({ scale: 2 });
  const canvas = document.getElementById("c");
  canvas.width = viewport.width;
  canvas.height = viewport.height;
  await page.render({ canvasContext: canvas.getContext("2d"), viewport }).promise;
  return canvas.toDataURL("image/png");
};
window.ready = true;
</script>`;

async function main() {
  const asked = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const languages = asked.length ? asked : [...LANGUAGES];
  const fonts = await loadFontBytes();
  await mkdir(OUT, { recursive: true });
  const docs = new Map<string, Uint8Array>();
  for (const lng of languages) {
    const pdf = resources[lng]?.pdf as Omit<PdfLabels, "results"> | undefined;
    const grading = (resources[lng]?.common as { grading?: ResultWords } | undefined)?.grading;
    if (!pdf || !grading) throw new Error(`No PDF labels for "${lng}"`);
    const labels: PdfLabels = { ...pdf, results: resultWords(grading) };
    const loc = { labels, locale: lng, rtl: RTL_LANGUAGES.includes(lng) };
    const name = lng === "zh" ? "محمد العلي" : "王小明";
    docs.set(`${lng}-report`, await studentReportPdf([{ ...REPORT, studentName: name }], fonts, loc));
    docs.set(`${lng}-certificate`, await certificatePdf([{ ...CERTIFICATE, studentName: name }], fonts, loc));
  }

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.route(`${ORIGIN}/**`, async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === "/") return route.fulfill({ contentType: "text/html", body: PAGE });
      if (url.pathname.startsWith("/doc/")) {
        const bytes = docs.get(url.pathname.slice(5));
        return bytes
          ? route.fulfill({ contentType: "application/pdf", body: Buffer.from(bytes) })
          : route.fulfill({ status: 404 });
      }
      const file = path.join(PDFJS, path.basename(url.pathname));
      return route.fulfill({ contentType: "text/javascript", body: await readFile(file) });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    for (const [name, bytes] of docs) {
      const dataUrl = await page.evaluate(
        (n) => (window as unknown as { render: (n: string) => Promise<string> }).render(n),
        name,
      );
      await writeFile(path.join(OUT, `${name}.pdf`), bytes);
      await writeFile(path.join(OUT, `${name}.png`), Buffer.from(dataUrl.split(",")[1], "base64"));
      console.info(`${path.relative(process.cwd(), path.join(OUT, name))}.png`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
