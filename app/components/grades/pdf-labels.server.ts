import { translator } from "~/i18n/i18n.server";
import { type PdfLinkLabels } from "./pdf-links";

/** The PDF box's words (PdfLinks) in the reader's language, for the page's loader. */
export async function pdfLinkLabels(request: Request): Promise<PdfLinkLabels> {
  const t = await translator(request, "pdf");
  return t("links", { returnObjects: true }) as unknown as PdfLinkLabels;
}
