import { Transform } from "node:stream";

/** Drops every 0x00 byte of a chunk: a copy only when it holds one, made of the runs between them (native copies, not a loop over bytes). */
function dropNul(chunk: Buffer): Buffer {
  let at = chunk.indexOf(0);
  if (at === -1) return chunk;
  const out = Buffer.allocUnsafe(chunk.length);
  let n = 0;
  let from = 0;
  while (at !== -1) {
    n += chunk.copy(out, n, from, at);
    from = at + 1;
    at = chunk.indexOf(0, from);
  }
  n += chunk.copy(out, n, from);
  return out.subarray(0, n);
}

/**
 * The body stream of a server-rendered page: without NUL bytes, and in one
 * chunk per flush of React's, not one per 2 KB buffer.
 *
 * NUL bytes: React 18.3's renderToPipeableStream copies text into 2 KB
 * buffers; when a multi-byte UTF-8 character does not fit at the end of one,
 * it sends the whole buffer, padding included, so one or two 0x00 bytes land
 * in the page (facebook/react#24985, fixed in React 19 only). A NUL is never
 * part of a page (HTML forbids U+0000, and loader data is JSON, which escapes
 * it), so every 0x00 byte is dropped.
 *
 * Chunks: React writes its 2 KB buffers one by one, then calls the
 * destination's `flush()` when it has written all it has for now (the shell,
 * later each streamed boundary, as it does for zlib streams). Each chunk then
 * crossed a web ReadableStream and the response's writes (issue 18: about
 * 0.02 ms a chunk, 120 chunks on the gradebook). They are kept until that
 * `flush()` (or the end) and passed on as one: what reaches the client, and
 * when, is what React flushed.
 */
export function withoutNulBytes(): Transform & { flush(): void } {
  let pending: Buffer[] = [];
  let size = 0;
  const release = () => {
    if (size === 0) return;
    const whole = pending.length === 1 ? pending[0] : Buffer.concat(pending, size);
    pending = [];
    size = 0;
    stream.push(dropNul(whole));
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      size += chunk.length;
      callback();
    },
    flush(callback) {
      release();
      callback();
    },
  });
  // React ends its destination when the page is done, and its abort handler
  // (on "close") ends it again: a second end() builds an
  // ERR_STREAM_ALREADY_FINISHED error, stack trace and all, on every request,
  // that nobody reads (issue 18: 0.8 % of /status's CPU). Once ended, end() is a no-op.
  const end = stream.end.bind(stream) as (...args: unknown[]) => Transform;
  stream.end = ((...args: unknown[]) => (stream.writableEnded ? stream : end(...args))) as Transform["end"];
  return Object.assign(stream, { flush: release });
}
