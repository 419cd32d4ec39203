// PURE (client and server), and light: no rrule behind it (see ./sessions).

export type SessionStatus = "held" | "holiday" | "upcoming";

export function countByStatus(sessions: readonly { status: SessionStatus }[]): Record<SessionStatus, number> {
  const counts: Record<SessionStatus, number> = { held: 0, holiday: 0, upcoming: 0 };
  for (const s of sessions) counts[s.status] += 1;
  return counts;
}
