import { readFile } from "node:fs/promises";
import path from "node:path";
import { type FontBytes } from "./text";

// Read once from app/pdf/fonts/ (see its README): the files are 1.8 MB, so
// they stay out of the server bundle and are read from the deployed app folder.
const FILES = {
  regular: "DejaVuSans.ttf",
  bold: "DejaVuSans-Bold.ttf",
  display: "DejaVuSerif-BoldItalic.ttf",
} as const;

let loaded: Promise<FontBytes> | undefined;

export function fontsDir() {
  return process.env.PDF_FONTS_DIR ?? path.join(process.cwd(), "app", "pdf", "fonts");
}

export function loadFontBytes(): Promise<FontBytes> {
  loaded ??= (async () => {
    const dir = fontsDir();
    const [regular, bold, display] = await Promise.all(Object.values(FILES).map((f) => readFile(path.join(dir, f))));
    return { regular: new Uint8Array(regular), bold: new Uint8Array(bold), display: new Uint8Array(display) };
  })().catch((error) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
