// CSV for spreadsheets (RFC 4180 quoting), safe to open in Excel or Sheets:
// a cell a spreadsheet would read as a formula is prefixed with a quote
// (OWASP "CSV injection"), and the file starts with a UTF-8 BOM so Excel
// shows accents.

export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
