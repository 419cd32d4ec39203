// PURE (client and server): what a module answers (issue 17, ADR 034).
//
// A module never speaks HTTP: it returns an outcome, `{ ok: true, … }` or a
// refusal `{ ok: false, reason, … }`, whose reason names what happened in the
// domain's words ("notFound", "notPending"), never a status code or a message.
// The edge (app/http/outcome.server.ts) turns a refusal into the answer.

/** A refused request: why, plus whatever the edge needs to say it (a name, a date). */
export type Refusal<R extends string, D extends object = object> = { ok: false; reason: R } & D;

/** Done (with what the caller needs), or refused (with why). */
export type Outcome<T extends object, R extends string, D extends object = object> = ({ ok: true } & T) | Refusal<R, D>;

/** The reasons an outcome can be refused for. */
export type ReasonOf<O> = O extends { ok: false; reason: infer R extends string } ? R : never;

/** A refusal for `reason` (with its details). */
export function refuse<R extends string>(reason: R): Refusal<R>;
export function refuse<R extends string, D extends object>(reason: R, details: D): Refusal<R, D>;
export function refuse(reason: string, details: object = {}) {
  return { ...details, ok: false, reason };
}
