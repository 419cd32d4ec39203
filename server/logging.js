// The access log's path: paths that carry a secret (the one-time
// set-password link) are written without it, and control characters (a
// newline in `?_data=` would start a forged line) are escaped.
const SECRET_PATHS = [/^(\/authentication\/set-password\/)[^/?#]+/i];
const SECRET_PARAMS = /([?&](?:token|password|code)=)[^&#]*/gi;

export function loggedPath(raw) {
  let out = String(raw);
  for (const pattern of SECRET_PATHS) out = out.replace(pattern, "$1[redacted]");
  out = out.replace(SECRET_PARAMS, "$1[redacted]");
  // eslint-disable-next-line no-control-regex
  return out.replace(/[\u0000-\u001f\u007f-\u009f\\]/g, (c) =>
    c === "\\" ? "\\\\" : `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`,
  );
}
