// The npm package arabic-persian-reshaper ships no types: the one function the PDFs use.
declare module "arabic-persian-reshaper" {
  const reshaper: {
    ArabicShaper: {
      /** Arabic letters in logical order → their contextual presentation forms (U+FB50–U+FEFF), lam-alef ligatures included. */
      convertArabic(text: string): string;
    };
  };
  export default reshaper;
}
