import { Transform } from "node:stream";

/**
 * The body stream of a server-rendered page, without NUL bytes.
 *
 * React 18.3's renderToPipeableStream copies text into 2 KB buffers; when a
 * multi-byte UTF-8 character does not fit at the end of one, it sends the
 * whole buffer, padding included, so one or two 0x00 bytes land in the page
 * (facebook/react#24985, fixed in React 19 only). A NUL is never part of a
 * page (HTML forbids U+0000, and loader data is JSON, which escapes it), so
 * every 0x00 byte is dropped.
 */
export function withoutNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (chunk.indexOf(0) === -1) return callback(null, chunk);
      const out = Buffer.allocUnsafe(chunk.length);
      let n = 0;
      for (const byte of chunk) if (byte !== 0) out[n++] = byte;
      callback(null, out.subarray(0, n));
    },
  });
}
