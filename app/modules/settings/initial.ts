/**
 * The mark shown when the school has no logo: the first letter of its name.
 * Its own module, without zod: the header shows it on every page, and the
 * settings schema next to it would bring zod (13 KB gzip) to every route.
 */
export function schoolInitial(name: string): string {
  const first = Array.from(name.trim())[0] ?? "";
  return first.toLocaleUpperCase();
}
