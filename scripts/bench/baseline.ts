// The bench's baseline (issue 18): an older commit of the app (b776367 by
// default), built once in a git worktree of its own and measured in the same
// sitting as the current build, so that the throughput ratio is measured, not
// remembered.
//
// - The worktree: BENCH_BASELINE_DIR (default <tmp>/school-bench-baseline)/<commit>,
//   made by `git worktree add --detach` and kept (cached by commit).
// - Its node_modules: a hard-link copy (`cp -al`) of this one when the two
//   package-lock.json are the same, else `npm ci` inside it (its own
//   dependencies, as that commit ran them).
// - Its build: `npm run build` there (NODE_ENV=production), once per commit.
// - Its server: that commit's `npm start` command (remix-serve, one process,
//   before the cluster), in its folder.
// - Its bench school: made by that commit's own `npm run bench:data` (same
//   seed, same `today`) into its own SQLite file, or its own PostgreSQL
//   database beside the bench's (<name>_base_<commit>): a newer school's
//   migrations are not that commit's.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { isPostgres } from "../lib/database-url";

export const DEFAULT_BASELINE = "b776367";

export interface Baseline {
  commit: string;
  dir: string;
  /** node's arguments for its server, run in `dir`. */
  serverArgs: string[];
}

function git(args: string[], cwd = process.cwd()) {
  const r = spawnSync("git", args, { cwd, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${r.stderr}`);
  return r.stdout.trim();
}

function step(what: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  console.log(`  baseline: ${what} (${command} ${args.join(" ")} in ${cwd})`);
  const r = spawnSync(command, args, {
    cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  if (r.status !== 0) throw new Error(`baseline: ${what} failed:\n${r.stdout}\n${r.stderr}`);
}

const sameFile = (a: string, b: string) =>
  fs.existsSync(a) && fs.existsSync(b) && fs.readFileSync(a).equals(fs.readFileSync(b));

/** The commit's worktree, dependencies and build, made when missing. */
export function prepareBaseline(ref: string): Baseline {
  const commit = git(["rev-parse", "--short=12", `${ref}^{commit}`]);
  const root = process.env.BENCH_BASELINE_DIR ?? path.join(os.tmpdir(), "school-bench-baseline");
  const dir = path.join(root, commit);
  if (!fs.existsSync(path.join(dir, "package.json"))) {
    fs.mkdirSync(root, { recursive: true });
    git(["worktree", "prune"]);
    console.log(`  baseline: worktree of ${commit} at ${dir}`);
    git(["worktree", "add", "--detach", "--force", dir, commit]);
  }
  if (!fs.existsSync(path.join(dir, "node_modules"))) {
    if (sameFile("package-lock.json", path.join(dir, "package-lock.json"))) {
      step(
        "dependencies, a hard-link copy (same package-lock.json)",
        "cp",
        ["-al", path.resolve("node_modules"), "node_modules"],
        dir,
      );
    } else {
      // Without NODE_ENV: "production" would leave out the build tools.
      const { NODE_ENV: _mode, ...env } = process.env;
      step(
        "dependencies of its own package-lock.json",
        "npm",
        ["ci", "--no-audit", "--no-fund"],
        dir,
        env as NodeJS.ProcessEnv,
      );
    }
  }
  const marker = path.join(dir, "build", ".bench-commit");
  if (!fs.existsSync(marker) || fs.readFileSync(marker, "utf8") !== commit) {
    step("build", "npm", ["run", "build"], dir, { ...process.env, NODE_ENV: "production" });
    fs.writeFileSync(marker, commit);
  }
  return { commit, dir, serverArgs: startArgs(dir) };
}

/** node's arguments for the commit's `npm start` ("remix-serve ./build/…" or "node server/index.js ./build/…"). */
export function startArgs(dir: string): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const [bin, ...rest] = pkg.scripts.start.trim().split(/\s+/);
  if (bin === "node") return rest;
  return [path.join(dir, "node_modules", ".bin", bin), ...rest];
}

/** The baseline's own bench school beside the bench's: a SQLite file in its folder, a PostgreSQL database of its own. */
export async function baselineDatabase(base: Baseline, url: string): Promise<string> {
  if (!isPostgres(url)) return `file:${path.join(base.dir, "data", "bench.db")}`;
  const u = new URL(url);
  const name = `${u.pathname.slice(1) || "postgres"}_base_${base.commit.slice(0, 7)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!exists.rowCount) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  u.pathname = `/${name}`;
  return u.toString();
}

/** That commit's `npm run bench:data` into its database (same `today` as the current school). */
export function makeBaselineSchool(base: Baseline, url: string, today: string) {
  step(`bench school (${today})`, "npm", ["run", "bench:data", "--", `--today=${today}`], base.dir, {
    ...process.env,
    DATABASE_URL: url,
  });
}
