// The "where did you hear about us" choices, apart from schema.ts so that a
// page showing them does not bring zod to the browser (issue 18's bundle budget).
export const HEAR_ABOUT_VALUES = ["social_media", "friend", "search", "flyer", "walk_in", "other"] as const;
