import { AsyncLocalStorage } from "node:async_hooks";

// What the loaders of one request share (issue 18): the root, layout and page
// loaders of a page each read the school's settings (its time zone for
// "today", its name and language for the header), up to seven queries a page.
// Inside a scope a read is made once and its answer shared; outside one (the
// dev server, tests that call a loader) every call reads.
//
// Only a GET or HEAD request gets a scope: they write nothing, so an answer
// read at their start holds to their end. An action may change what it reads
// (the settings page saves the time zone, then its loader shows it), so a
// POST reads afresh each time, as before. Nothing outlives its request: a
// change made through another instance shows on the next request.

const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs `answer` (Remix's handling of `request`) in a scope of its own when the request is a read. */
export function inRequestScope<T>(request: Request, answer: () => T): T {
  return request.method === "GET" || request.method === "HEAD" ? scope.run(new Map(), answer) : answer();
}

/** `read()`'s answer, read once per request scope under `key`; a failed read is not kept. */
export function oncePerRequest<T>(key: string, read: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return read();
  let answer = memo.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = read();
    memo.set(key, answer);
    answer.catch(() => memo.delete(key));
  }
  return answer;
}
