// The bands a new school starts with, without zod: the browser's app names read them (issue 18's bundle budget).
export const DEFAULT_BANDS = [
  { name: "Excellent", min: 90, max: 100 },
  { name: "Very Good", min: 80, max: 89.99 },
  { name: "Good", min: 70.01, max: 79.99 },
] as const;
