import { useHydrated } from "./use-hydrated";

/**
 * `fetch=1` once JavaScript runs: the action then answers a fetcher's post
 * with data instead of a redirect. A component of its own, so that after
 * hydration this input alone renders again, not the form around it (the
 * menu's fifteen pin forms, the header: issue 18, the dashboard's hydration).
 */
export function FetchFlag() {
  return useHydrated() ? <input type="hidden" name="fetch" value="1" /> : null;
}
