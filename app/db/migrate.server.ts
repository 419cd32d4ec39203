import { type Kysely, type Migration, Migrator } from "kysely";
import * as m0001 from "./migrations/0001_core";
import * as m0002 from "./migrations/0002_registration_drafts";
import * as m0003 from "./migrations/0003_password_tokens";
import * as m0004 from "./migrations/0004_courses_code";
import * as m0005 from "./migrations/0005_certificates";
import * as m0006 from "./migrations/0006_performance";
import * as m0007 from "./migrations/0007_menu_preferences";
import * as m0008 from "./migrations/0008_draft_limits";
import * as m0009 from "./migrations/0009_stored_images";
import * as m0010 from "./migrations/0010_mail";
import * as m0011 from "./migrations/0011_certificate_verification";
import * as m0012 from "./migrations/0012_student_search";
import * as m0013 from "./migrations/0013_student_search_postgres";
import * as m0014 from "./migrations/0014_dashboard_scale";
import * as m0015 from "./migrations/0015_today_classes";
import { type Database } from "./schema";

// Listed by hand (not read from disk) so they travel inside the server bundle.
const migrations: Record<string, Migration> = {
  "0001_core": m0001,
  "0002_registration_drafts": m0002,
  "0003_password_tokens": m0003,
  "0004_courses_code": m0004,
  "0005_certificates": m0005,
  "0006_performance": m0006,
  "0007_menu_preferences": m0007,
  "0008_draft_limits": m0008,
  "0009_stored_images": m0009,
  "0010_mail": m0010,
  "0011_certificate_verification": m0011,
  "0012_student_search": m0012,
  "0013_student_search_postgres": m0013,
  "0014_dashboard_scale": m0014,
  "0015_today_classes": m0015,
};

/** Every migration this version of the app knows, in order (a backup with others is from a newer version). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

export async function migrateToLatest(db: Kysely<Database>) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`, { cause: error });
  }
}
