import type { Kysely } from "kysely";
import { hashPassword } from "~/modules/auth/password.server";
import type { Database, Role } from "../schema";

export const DEMO_PASSWORD = "demo-pass-2026";

export async function seedDemoData(db: Kysely<Database>) {
  const hash = await hashPassword(DEMO_PASSWORD);
  const now = new Date().toISOString();
  const users: [string, string, Role][] = [
    ["Ana Admin", "admin@school.test", "admin_staff"],
    ["Carla Coordinator", "coordinator@school.test", "coordinator"],
    ["Rita Reception", "reception@school.test", "receptionist"],
    ["Fabio Finance", "finance@school.test", "financial"],
    ["Paul Professor", "professor@school.test", "professor"],
    ["Petra Professor", "professor2@school.test", "professor"],
    ["Pablo Professor", "professor3@school.test", "professor"],
    ["Sam Student", "student@school.test", "student"],
  ];
  await db
    .insertInto("users")
    .values(users.map(([name, email, role]) => ({ name, email, role, password_hash: hash, status: "active" as const, image: null, locale: null, locked_at: null, created_at: now, updated_at: now })))
    .execute();
}
