// PURE (client and server): the holidays list's choices, apart from
// holiday-schema.ts so that the list does not bring zod to the browser
// (issue 18's bundle budget).

/** Which holidays the list shows (?when=). */
export const HOLIDAY_PERIODS = ["upcoming", "past", "all"] as const;
