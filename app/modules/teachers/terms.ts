// Which courses the professors' overview shows (?term=): running today, finished, or both.
export const TERMS = ["running", "finished", "all"] as const;
export type Term = (typeof TERMS)[number];
