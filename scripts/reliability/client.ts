import http from "node:http";

// A tiny HTTP client for the crash and soak scripts: plain form posts and
// page loads the way a browser without JavaScript makes them, one cookie jar
// per simulated browser, keep-alive connections from a shared agent.

export interface Answer {
  status: number;
  /** The Location header of a redirect (path only when it is on this site). */
  location: string | null;
  body: string;
}

export class HttpError extends Error {
  /** A reused keep-alive connection closed before any answer: the request was not read. */
  staleConnection = false;

  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** A connection pool; `opened` counts the TCP connections it made. */
export function agent(maxSockets: number, keepAlive = true) {
  const pool = new http.Agent({ keepAlive, maxSockets }) as http.Agent & { opened: number };
  pool.opened = 0;
  const create = (pool as unknown as { createConnection: (...args: unknown[]) => unknown }).createConnection.bind(pool);
  (pool as unknown as { createConnection: (...args: unknown[]) => unknown }).createConnection = (
    ...args: unknown[]
  ) => {
    pool.opened++;
    return create(...args);
  };
  return pool;
}
export type Pool = ReturnType<typeof agent>;

/** Told of every answer (its status) or failure (null), with how long it took. */
export type Observer = (status: number | null, ms: number, method: string, path: string) => void;

export class Browser {
  static observer: Observer | null = null;
  /** How long a request may take before it counts as failed. */
  static timeoutMs = 30_000;
  readonly cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    public httpAgent: http.Agent,
  ) {}

  get(path: string, { keepBody = true }: { keepBody?: boolean } = {}) {
    return this.send("GET", path, undefined, keepBody);
  }

  /** A Remix data request for a route's loader: the JSON it returns. */
  async data<T>(path: string, routeId: string): Promise<T> {
    const sep = path.includes("?") ? "&" : "?";
    const answer = await this.send("GET", `${path}${sep}_data=${encodeURIComponent(routeId)}`, undefined, true);
    if (answer.status !== 200) throw new HttpError(`GET ${path} (data) answered ${answer.status}`, "status");
    return JSON.parse(answer.body) as T;
  }

  post(
    path: string,
    form: Record<string, string> | [string, string][],
    { keepBody = false }: { keepBody?: boolean } = {},
  ) {
    const body = new URLSearchParams(Array.isArray(form) ? form : Object.entries(form)).toString();
    return this.send("POST", path, body, keepBody);
  }

  /**
   * Resends a request once when a reused keep-alive connection was closed
   * under it before any answer came, as browsers do (Chromium resends any
   * method then): the server closed an idle connection at the moment the
   * request went out on it, so the request was never read. Off by default
   * (the crash script must see the kill as it is); counted in `resent`.
   */
  static resendOnStaleConnection = false;
  static resent = 0;

  private async send(method: string, path: string, body: string | undefined, keepBody: boolean): Promise<Answer> {
    try {
      return await this.sendOnce(method, path, body, keepBody);
    } catch (error) {
      if (!(Browser.resendOnStaleConnection && error instanceof HttpError && error.staleConnection)) throw error;
      Browser.resent++;
      return this.sendOnce(method, path, body, keepBody);
    }
  }

  private sendOnce(method: string, path: string, body: string | undefined, keepBody: boolean): Promise<Answer> {
    const url = new URL(path, this.base);
    const headers: Record<string, string> = {
      Accept: "text/html,application/json",
      "User-Agent": "Mozilla/5.0 (reliability script)",
    };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (body !== undefined) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      headers["Content-Length"] = String(Buffer.byteLength(body));
      // What a browser sends with a same-site form post (the app checks both).
      headers.Origin = url.origin;
      headers["Sec-Fetch-Site"] = "same-origin";
    }
    const started = performance.now();
    const observe = (status: number | null) => Browser.observer?.(status, performance.now() - started, method, path);
    return new Promise<Answer>((resolve, reject) => {
      let answered = false;
      const req = http.request(url, { method, headers, agent: this.httpAgent, timeout: Browser.timeoutMs }, (res) => {
        answered = true;
        for (const line of res.headers["set-cookie"] ?? []) this.remember(line);
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => {
          if (keepBody) chunks.push(c);
        });
        res.on("error", (e) => reject(new HttpError(e.message, (e as NodeJS.ErrnoException).code ?? "error")));
        res.on("aborted", () => reject(new HttpError("response aborted", "aborted")));
        res.on("end", () => {
          let location = res.headers.location ?? null;
          if (location?.startsWith(this.base)) location = location.slice(this.base.length) || "/";
          observe(res.statusCode ?? 0);
          resolve({ status: res.statusCode ?? 0, location, body: Buffer.concat(chunks).toString("utf8") });
        });
      });
      req.on("timeout", () => req.destroy(new HttpError("timeout", "timeout")));
      req.on("error", (e) => {
        const error =
          e instanceof HttpError ? e : new HttpError(e.message, (e as NodeJS.ErrnoException).code ?? "error");
        error.staleConnection = req.reusedSocket && !answered && ["ECONNRESET", "EPIPE"].includes(error.code);
        // A resent request is observed once, with its own answer.
        if (!(Browser.resendOnStaleConnection && error.staleConnection)) observe(null);
        reject(error);
      });
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  private remember(line: string) {
    const [pair, ...attributes] = line.split(";");
    const eq = pair.indexOf("=");
    if (eq < 0) return;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
    if (expired || value === "") this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}
