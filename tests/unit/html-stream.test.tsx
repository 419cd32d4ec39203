import { PassThrough, type Writable } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withoutNulBytes } from "~/http/html-stream.server";

// Short accented text nodes: some multi-byte character falls on React's 2 KB buffer edge.
const names = Array.from({ length: 400 }, (_, i) => `Joaquín Córdova Ibáñez ${i}`);
const Page = () => (
  <ul>
    {names.map((n) => (
      <li key={n}>{n}</li>
    ))}
  </ul>
);

function streamed(into: () => Writable & NodeJS.ReadableStream, counted?: { chunks: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<Page />, {
      onAllReady() {
        const body = into();
        const chunks: Buffer[] = [];
        body.on("data", (c: Buffer) => {
          chunks.push(c);
          if (counted) counted.chunks++;
        });
        body.on("end", () => resolve(Buffer.concat(chunks)));
        body.on("error", reject);
        pipe(body);
      },
      onError: reject,
    });
  });
}

/** What a stream of the given chunks becomes through withoutNulBytes. */
function through(chunks: Buffer[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const body = withoutNulBytes();
    const out: Buffer[] = [];
    body.on("data", (c: Buffer) => out.push(c));
    body.on("end", () => resolve(Buffer.concat(out)));
    body.on("error", reject);
    for (const chunk of chunks) body.write(chunk);
    body.end();
  });
}

describe("server-rendered page stream", () => {
  it("drops NUL bytes at the start, the end, in runs and alone, and keeps every other byte", async () => {
    const bytes = (...b: number[]) => Buffer.from(b);
    expect(await through([bytes(0, 0, 65, 0, 66, 0, 0, 0, 67, 0)])).toEqual(bytes(65, 66, 67));
    expect(await through([bytes(0), bytes(0, 0)])).toEqual(bytes());
    expect(await through([bytes(1, 2, 3), bytes(0, 255, 0), bytes(4)])).toEqual(bytes(1, 2, 3, 255, 4));
  });

  it("React 18 alone pads the stream with NUL bytes at buffer edges (the bug the filter is for)", async () => {
    const raw = await streamed(() => new PassThrough());
    expect(raw).toContain(0);
  });

  it("without NUL bytes, the page is exactly what React rendered", async () => {
    const clean = await streamed(withoutNulBytes);
    expect(clean).not.toContain(0);
    expect(clean.toString("utf8")).toBe(renderToString(<Page />));
  });

  it("passes what React flushed at once on as one chunk, not one per 2 KB buffer", async () => {
    const raw = { chunks: 0 };
    await streamed(() => new PassThrough(), raw);
    const joined = { chunks: 0 };
    const clean = await streamed(withoutNulBytes, joined);
    expect(raw.chunks).toBeGreaterThan(5);
    expect(joined.chunks).toBe(1);
    expect(clean.toString("utf8")).toBe(renderToString(<Page />));
  });
});
