import { type TFunction } from "i18next";

// A message said once per row or cell (450 grade cells, 30 students × 4
// marks, a session list): translated once with markers in place of its
// values, then filled per use — the same text t() gives with the values
// (interpolation does not escape, i18n/config.ts), without its cost each time.

const MARK = (n: number) => `\u0001${n}\u0002`;

/** t(key, { a, b }) for many values of a and b: `fill(a, b)`. */
export function translated<K extends string>(t: TFunction, key: string, names: readonly K[]) {
  const template = String(t(key, Object.fromEntries(names.map((name, n) => [name, MARK(n)]))));
  return (...values: string[]) => {
    let text = template;
    values.forEach((value, n) => {
      text = text.replace(MARK(n), () => value);
    });
    return text;
  };
}
