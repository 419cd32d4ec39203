import fs from "node:fs";

// Pure helpers of the bench (tests/unit/bench-measure.test.ts): the school's
// scale, the server's process tree and its CPU time from /proc, a page's
// element count.

/** The school's size factor: --scale=N (or BENCH_SCALE), 1 by default; a whole number from 1 to 100. */
export function benchScale(argv: readonly string[], env?: string): number {
  const raw = argv.find((a) => a.startsWith("--scale="))?.slice(8) ?? env ?? "1";
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 100)
    throw new Error(`--scale must be a whole number from 1 to 100, not "${raw}"`);
  return n;
}

/** Where a scaled school lives on SQLite: file:./data/bench.db → file:./data/bench-x10.db (scale 1: unchanged). */
export function scaleUrl(url: string, scale: number): string {
  if (scale === 1 || !url.startsWith("file:")) return url;
  return url.replace(/(\.db)?$/, (ext) => `-x${scale}${ext || ""}`);
}

export interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime + cutime + cstime, in clock ticks: its own CPU and that of its children already reaped. */
  ticks: number;
}

/** One /proc/<pid>/stat line (the command name, in parentheses, may hold spaces and parentheses). */
export function parseProcStat(text: string): ProcStat | null {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) return null;
  const pid = Number(text.slice(0, open).trim());
  // After ") ": state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
  const f = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const n = (i: number) => Number(f[i]);
  if (f.length < 15 || !Number.isFinite(pid)) return null;
  return { pid, ppid: n(1), ticks: n(11) + n(12) + n(13) + n(14) };
}

/** `root` and every process under it (workers, and theirs), from the stats of all processes. */
export function processTree(stats: readonly ProcStat[], root: number): ProcStat[] {
  const children = new Map<number, ProcStat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const self = stats.find((s) => s.pid === root);
  if (!self) return [];
  const tree = [self];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i].pid) ?? []));
  return tree;
}

/**
 * The CPU time (ms) of a process and all its descendants so far: user and
 * system time of each, plus that of children they have reaped (a worker that
 * died and was restarted still counts). Linux only: null elsewhere or when
 * the process is gone.
 */
export function treeCpuMs(root: number | undefined, clockTicks: number): number | null {
  if (!root) return null;
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return null;
  }
  const stats: ProcStat[] = [];
  for (const e of entries) {
    try {
      const s = parseProcStat(fs.readFileSync(`/proc/${e}/stat`, "utf8"));
      if (s) stats.push(s);
    } catch {
      // ended meanwhile
    }
  }
  const tree = processTree(stats, root);
  if (!tree.length) return null;
  return (tree.reduce((sum, s) => sum + s.ticks, 0) * 1000) / clockTicks;
}

/**
 * The elements of an HTML page as a browser builds them from the markup:
 * every start tag outside comments, scripts' and styles' text (a streamed
 * page's inline scripts count as one element each, not their contents).
 */
export function countElements(html: string): number {
  const markup = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, "$1")
    .replace(/(<style\b[^>]*>)[\s\S]*?<\/style>/gi, "$1")
    .replace(/(<textarea\b[^>]*>)[\s\S]*?<\/textarea>/gi, "$1");
  return (markup.match(/<[a-zA-Z][a-zA-Z0-9-]*(?=[\s/>])/g) ?? []).length;
}

/** p50/p95/p99 of sorted latencies: the smallest value at or above that share of them. */
export function percentile(sorted: readonly number[], q: number) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
