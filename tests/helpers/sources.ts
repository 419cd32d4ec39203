import fs from "node:fs";
import path from "node:path";

/** The files under `dir` (every depth) whose name matches `names`: the source scans' list of files. */
export function sourceFiles(dir: string, names: RegExp = /\.(ts|tsx)$/): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && names.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}
