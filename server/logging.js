// What the server and the app write to their logs (issue 16 L5): secrets
// out (the one-time set-password link, token/password/code parameters) and
// control characters escaped (a newline in `?_data=` would start a forged
// line). One rule for the access log (loggedPath, server/index.js) and the
// app's own messages (logSafe, app/modules/shared/log.server.ts).

// The token of a set-password link, wherever it sits (a path, a URL in a message).
const SECRET_PATHS = /(\/authentication\/set-password\/)[^/?#\s"'`<>:;,()]+/gi;
const SECRET_PARAMS = /([?&](?:token|password|code)=)[^&#\s"'`<>]*/gi;

/** `text` with every one-time token and secret parameter replaced by [redacted]. */
export function redactSecrets(text) {
  return String(text).replace(SECRET_PATHS, "$1[redacted]").replace(SECRET_PARAMS, "$1[redacted]");
}

/**
 * `text` on one line: C0 and C1 control characters, DEL and the Unicode line
 * separators written as \xNN / \uNNNN, a backslash doubled (so a typed "\x0a"
 * is told apart from an escaped newline).
 */
export function escapeControl(text) {
  return String(text).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/g, (c) => {
    if (c === "\\") return "\\\\";
    const code = c.charCodeAt(0);
    return code > 0xff ? `\\u${code.toString(16)}` : `\\x${code.toString(16).padStart(2, "0")}`;
  });
}

/** The access log's path: no secret, one line. Percent-encoded input stays as it came. */
export function loggedPath(raw) {
  return escapeControl(redactSecrets(raw));
}
