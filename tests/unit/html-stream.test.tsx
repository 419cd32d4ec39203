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

function streamed(into: () => Writable & NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<Page />, {
      onAllReady() {
        const body = into();
        const chunks: Buffer[] = [];
        body.on("data", (c: Buffer) => chunks.push(c));
        body.on("end", () => resolve(Buffer.concat(chunks)));
        body.on("error", reject);
        pipe(body);
      },
      onError: reject,
    });
  });
}

describe("server-rendered page stream", () => {
  it("React 18 alone pads the stream with NUL bytes at buffer edges (the bug the filter is for)", async () => {
    const raw = await streamed(() => new PassThrough());
    expect(raw).toContain(0);
  });

  it("without NUL bytes, the page is exactly what React rendered", async () => {
    const clean = await streamed(withoutNulBytes);
    expect(clean).not.toContain(0);
    expect(clean.toString("utf8")).toBe(renderToString(<Page />));
  });
});
