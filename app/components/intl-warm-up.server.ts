/**
 * The browser's first Intl formatter costs 40–70 ms on this machine, and 4×
 * that on a slow phone: ICU loads its data, once per process. Hydration paid
 * it in one piece inside the first component that formats a number or a date
 * (the bell's dates on the dashboard, the gradebook's grades), a long task
 * that held the page (Lighthouse's Total Blocking Time, issue 18). ICU's data
 * is shared by the process's threads, so a throwaway worker, started while
 * the document still parses, makes the same formatters in the page's language
 * and the school's time zone on another core; the page's own formatters then
 * take a fraction of a millisecond. Without JavaScript nothing runs, and a
 * browser that refuses the worker (CSP `worker-src data:`) just pays as before.
 *
 * The code of root.tsx's inline script (components/intl-warm-up.tsx), made
 * here so that none of it is in the browser's files.
 */
export function intlWarmUpCode(locale: string, timeZone: string): string {
  const l = JSON.stringify(locale);
  const worker =
    `new Intl.NumberFormat(${l}).format(1.5);` +
    `new Intl.DateTimeFormat(${l},{dateStyle:"medium",timeStyle:"short",timeZone:${JSON.stringify(timeZone)}}).format(0);` +
    `new Intl.PluralRules(${l}).select(1);close()`;
  // A data: address, not a Blob: 0.5–3 ms on the main thread instead of 3–14 (a fresh page, this machine).
  // encodeURIComponent leaves no "<" in it, so no "</script>" or "<!--" can come out of the element.
  return `try{new Worker(${JSON.stringify(`data:text/javascript,${encodeURIComponent(worker)}`)})}catch(e){}`;
}
