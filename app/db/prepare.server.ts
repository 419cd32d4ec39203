import { database } from "./kysely.server";
import { migrateToLatest } from "./migrate.server";
import { seedDemoData } from "./seed/demo.server";

/** DEMO_DATA=on|off decides; unset, demo data is on except in production. */
export function demoDataWanted(env: Record<string, string | undefined> = process.env) {
  const v = env.DEMO_DATA?.toLowerCase();
  if (v) return !["off", "0", "false", "no"].includes(v);
  return env.NODE_ENV !== "production";
}

/** Migrate, then load the demo school into an empty database when wanted. */
export async function prepareDatabase({ seed = demoDataWanted() }: { seed?: boolean } = {}) {
  const { db } = database();
  await migrateToLatest(db);
  if (seed) {
    const anyUser = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
    if (!anyUser) await seedDemoData(db);
  }
}
