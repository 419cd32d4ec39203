import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { type FontBytes } from "./text";

// Read once per process. DejaVu (Latin, Greek, Cyrillic) from app/pdf/fonts/
// (see its README): the files stay out of the server bundle and are read from
// the deployed app folder. Noto Sans Arabic and Noto Sans SC from their npm
// packages (docs/decisions/044-pdf-scripts-fonts-shaping-bidi.md): a Chinese font
// is 10 MB a weight, so it is a dependency, not a file in the repository.
const FILES = {
  regular: "DejaVuSans.ttf",
  bold: "DejaVuSans-Bold.ttf",
  display: "DejaVuSerif-BoldItalic.ttf",
} as const;

const PACKAGES = {
  arabic: "@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf",
  arabicBold: "@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf",
  han: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  hanBold: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
} as const;

let loaded: Promise<FontBytes> | undefined;

export function fontsDir() {
  return process.env.PDF_FONTS_DIR ?? path.join(process.cwd(), "app", "pdf", "fonts");
}

/** A font file of an installed package, found from the app's folder like any dependency. */
export function packageFont(file: string) {
  return createRequire(path.join(process.cwd(), "package.json")).resolve(file);
}

async function read(file: string) {
  return new Uint8Array(await readFile(file));
}

export function loadFontBytes(): Promise<FontBytes> {
  loaded ??= (async () => {
    const dir = fontsDir();
    const [regular, bold, display, arabic, arabicBold, han, hanBold] = await Promise.all([
      ...Object.values(FILES).map((f) => read(path.join(dir, f))),
      ...Object.values(PACKAGES).map((f) => read(packageFont(f))),
    ]);
    return { regular, bold, display, arabic, arabicBold, han, hanBold };
  })().catch((error) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
