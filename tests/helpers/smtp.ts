import { type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server in the test process (issue 21): what the app's sender
// delivers, as received and decoded (recipient, subject, text, HTML).

export interface Received {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  raw: string;
}

function decodeWords(value: string) {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toLowerCase() === "b" ? Buffer.from(data, "base64").toString("utf8") : decodeQp(data.replace(/_/g, " ")),
    );
}

function decodeQp(body: string) {
  const bytes: number[] = [];
  const s = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "=" && /^[0-9A-F]{2}$/i.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(s[i], "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function split(part: string) {
  const at = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, at).replace(/\r?\n[ \t]+/g, " ");
  const body = part.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string) {
  const cte = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (cte === "base64") return Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8");
  if (cte === "quoted-printable") return decodeQp(body);
  return body;
}

export function parseMail(raw: string, from: string, to: string[]): Received {
  const { headers, body } = split(raw);
  const type = headers.get("content-type") ?? "text/plain";
  let text = "";
  let html = "";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break;
      const part = split(chunk.replace(/^\r?\n/, ""));
      const partType = part.headers.get("content-type") ?? "";
      const decoded = decodeBody(part.headers, part.body).replace(/\r?\n$/, "");
      if (partType.startsWith("text/plain")) text = decoded;
      if (partType.startsWith("text/html")) html = decoded;
    }
  } else text = decodeBody(headers, body);
  return {
    from,
    to,
    subject: decodeWords(headers.get("subject") ?? ""),
    text: text.replace(/\r\n/g, "\n"),
    html,
    messageId: headers.get("message-id") ?? "",
    raw,
  };
}

/**
 * Starts an SMTP server on a free port of 127.0.0.1 (then the same port on
 * each restart). `reject(n)` may refuse the n-th message (1-based) with a
 * temporary 451.
 */
export async function startSmtp({ reject }: { reject?: (n: number) => boolean } = {}) {
  const received: Received[] = [];
  let offered = 0;
  let server: SMTPServer | undefined;
  let port = 0;

  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          offered += 1;
          if (reject?.(offered)) {
            const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
            return callback(error);
          }
          received.push(
            parseMail(
              Buffer.concat(chunks).toString("utf8"),
              session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              session.envelope.rcptTo.map((r) => r.address),
            ),
          );
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", () => resolve()));
    port = (server.server.address() as AddressInfo).port;
  };

  await listen();
  return {
    received,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    async stop() {
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    },
    async start() {
      await listen();
    },
  };
}
