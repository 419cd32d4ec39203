import { describe, expect, it } from "vitest";
import {
  benchScale,
  countElements,
  parseProcStat,
  percentile,
  processTree,
  scaleUrl,
} from "../../scripts/bench/measure";

describe("bench helpers", () => {
  it("reads a /proc stat line, a command name with spaces and parentheses included", () => {
    const line = "4242 (node (worker) x) S 4200 4242 4200 0 -1 4194560 100 0 0 0 250 50 7 3 20 0 11 0 123 456 789";
    expect(parseProcStat(line)).toEqual({ pid: 4242, ppid: 4200, ticks: 250 + 50 + 7 + 3 });
    expect(parseProcStat("garbage")).toBeNull();
  });

  it("finds a process's whole tree, workers of workers included, and nothing beside it", () => {
    const stats = [
      { pid: 1, ppid: 0, ticks: 1 },
      { pid: 10, ppid: 1, ticks: 100 },
      { pid: 11, ppid: 10, ticks: 5 },
      { pid: 12, ppid: 10, ticks: 6 },
      { pid: 13, ppid: 12, ticks: 7 },
      { pid: 20, ppid: 1, ticks: 1000 },
    ];
    expect(
      processTree(stats, 10)
        .map((s) => s.pid)
        .sort(),
    ).toEqual([10, 11, 12, 13]);
    expect(processTree(stats, 99)).toEqual([]);
  });

  it("counts a page's elements, not its comments, scripts' or styles' text", () => {
    const html =
      '<!DOCTYPE html><html><head><style>a<b{}</style><script>if (a<b) x("<div>")</script></head>' +
      "<body><!-- <p>not</p> --><main><p>One <b>two</b><br/></p><textarea><i>typed</i></textarea></main></body></html>";
    // html head style script body main p b br textarea
    expect(countElements(html)).toBe(10);
  });

  it("reads the scale and names the scaled school's file", () => {
    expect(benchScale([], undefined)).toBe(1);
    expect(benchScale(["--scale=10"], undefined)).toBe(10);
    expect(benchScale([], "3")).toBe(3);
    expect(() => benchScale(["--scale=0"], undefined)).toThrow();
    expect(() => benchScale(["--scale=x"], undefined)).toThrow();
    expect(scaleUrl("file:./data/bench.db", 10)).toBe("file:./data/bench-x10.db");
    expect(scaleUrl("file:./data/bench.db", 1)).toBe("file:./data/bench.db");
    expect(scaleUrl("postgres://h/bench", 10)).toBe("postgres://h/bench");
  });

  it("takes percentiles as the smallest latency at or above that share", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(sorted, 0.5), percentile(sorted, 0.95), percentile(sorted, 0.99)]).toEqual([50, 95, 99]);
    expect(percentile([], 0.5)).toBeNaN();
  });
});
