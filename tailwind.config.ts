import { type Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        // Spec defaults. The primary is darkened for text on white so it
        // keeps a 4.5:1 contrast; the brand tone stays for fills.
        primary: { DEFAULT: "#7366ff", dark: "#4c3fe0", light: "#eceaff" },
        secondary: { DEFAULT: "#f73164", dark: "#c8104a" },
      },
      screens: { compact: { max: "1006px" } },
    },
  },
  plugins: [],
} satisfies Config;
