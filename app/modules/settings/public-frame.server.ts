import { schoolToday } from "~/modules/calendar/sessions.server";
import { schoolBrand } from "./settings.server";

/**
 * What the public pages' frame shows (components/layout/public-frame.tsx: the
 * registration wizard, the certificate check): the school's name and logo,
 * and the footer's year, the school's (its time zone), the same on the server
 * and in the browser.
 */
export async function publicFrame() {
  const [school, today] = await Promise.all([schoolBrand(), schoolToday()]);
  return { schoolName: school.name, schoolLogo: school.logo, year: today.slice(0, 4) };
}
