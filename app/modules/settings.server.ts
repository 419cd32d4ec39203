import { db } from "~/db/kysely.server";

let cache: { name: string; timeZone: string; at: number } | undefined;

async function settings() {
  if (cache && Date.now() - cache.at < 60_000) return cache;
  const rows = await db().selectFrom("settings").select(["key", "value"]).where("key", "in", ["school_name", "time_zone"]).execute();
  const map = new Map(rows.map((r) => [r.key, r.value]));
  cache = {
    name: map.get("school_name") ?? "Horizon English School",
    timeZone: map.get("time_zone") ?? "America/Guayaquil",
    at: Date.now(),
  };
  return cache;
}

export async function schoolName() {
  return (await settings()).name;
}

export async function schoolTimeZone() {
  return (await settings()).timeZone;
}
