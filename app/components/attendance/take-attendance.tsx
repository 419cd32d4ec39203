import { Form, useNavigation } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { translated } from "~/components/courses/fill";
import { useFormat } from "~/components/format";
import { SubmitButton } from "~/components/forms";
import { Link } from "~/components/ui/link";
import { useHydrated } from "~/components/use-hydrated";
import { type AttendanceValue } from "~/db/schema";
import { useTranslation } from "~/i18n/react";
import { ATTENDANCE_VALUES } from "~/modules/attendance/attendance";
import { statusField } from "~/modules/attendance/session-choice";
import { studentName, useSessionDay } from "./summary";

// The parts of the professor's attendance page (/course/{id}/attendance).

interface SessionTimes {
  date: string;
  start_time: string;
  end_time: string;
}

/** The session picker: a GET form, so the chosen session is in the address. */
export function SessionPicker({
  here,
  choices,
  chosen,
}: {
  here: string;
  choices: readonly (SessionTimes & { saved: boolean })[];
  chosen: string | null;
}) {
  const { t } = useTranslation("attendance");
  const sessionDay = useSessionDay();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location?.pathname === here && navigation.formMethod == null;
  if (choices.length === 0) return <p className="card text-slate-700">{t("take.noSessions")}</p>;
  const option = translated(t, "take.sessionOption", ["day", "start", "end"]);
  const saved = translated(t, "take.optionSaved", ["session"]);
  const missing = translated(t, "take.optionMissing", ["session"]);
  return (
    <Form method="get" action={here} className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 sm:max-w-md">
        <label htmlFor="session-date" className="field-label">
          {t("take.session")}
        </label>
        <select
          id="session-date"
          name="date"
          key={chosen ?? ""}
          defaultValue={chosen ?? choices[0].date}
          className="field-input"
        >
          {choices.map((c) => {
            const label = option(sessionDay(c.date), c.start_time, c.end_time);
            return (
              <option key={c.date} value={c.date}>
                {c.saved ? saved(label) : missing(label)}
              </option>
            );
          })}
        </select>
      </div>
      <button type="submit" className="btn-secondary" aria-disabled={loading || undefined}>
        {loading ? t("common:common.processing") : t("take.show")}
      </button>
    </Form>
  );
}

/** Each mark's checked colours (tailwind.css: mark-pill and mark-*). */
const PILL: Record<AttendanceValue, string> = {
  present: "mark-pill mark-present",
  recovered: "mark-pill mark-recovered",
  late: "mark-pill mark-late",
  absent: "mark-pill mark-absent",
};

interface RosterStudent {
  id: number;
  first_name: string;
  last_name: string;
  second_last_name: string;
  status: AttendanceValue | null;
}

/** How many students of the form have a mark other than the one stored (present for a class not saved yet). */
function countChanges(form: HTMLFormElement) {
  let changed = 0;
  for (const group of form.querySelectorAll<HTMLFieldSetElement>("fieldset[data-stored]")) {
    const checked = group.querySelector<HTMLInputElement>("input[type=radio]:checked");
    if (checked && checked.value !== group.dataset.stored) changed += 1;
  }
  return changed;
}

/** One session's form: a radio group per student on its class list, four large targets each, Save always in reach. */
export function SessionForm({
  here,
  session,
  roster,
  posted,
}: {
  here: string;
  session: SessionTimes & { savedAt: string | null };
  roster: readonly RosterStudent[];
  /** After a refused save, the form shows what was posted, not what is stored. */
  posted: Partial<Record<number, AttendanceValue>> | null;
}) {
  const { t } = useTranslation("attendance");
  const format = useFormat();
  const sessionDay = useSessionDay();
  // Four labels for the 4 × 30 radios.
  const valueLabel = Object.fromEntries(ATTENDANCE_VALUES.map((v) => [v, t(`values.${v}`)]));
  // With JavaScript the count follows every tap. Without it the count is the server's: absent on a fresh
  // page (it could not follow the taps), the posted changes after a refused save.
  const hydrated = useHydrated();
  const [changes, setChanges] = useState(
    () => roster.filter((s) => posted?.[s.id] && posted[s.id] !== (s.status ?? "present")).length,
  );
  const recount = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    // A reset changes the radios after its event.
    if (event.type === "reset") window.setTimeout(() => setChanges(countChanges(form)), 0);
    else setChanges(countChanges(form));
  };
  return (
    <section aria-labelledby="take-heading" className="card -mx-2 px-3 pb-0 sm:mx-0 sm:px-6 sm:pb-6">
      <h2 id="take-heading" className="text-lg font-semibold">
        {t("take.formTitle", { date: sessionDay(session.date), start: session.start_time, end: session.end_time })}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {session.savedAt ? t("take.savedAt", { date: format.dateTime(session.savedAt) }) : t("take.notSaved")}
      </p>
      {roster.length === 0 ? (
        <p className="mt-3 text-slate-700">{t("take.noStudentsOnDate")}</p>
      ) : (
        <Form
          method="post"
          action={`${here}?date=${session.date}`}
          key={`${session.date}|${session.savedAt ?? ""}`}
          className="mt-3"
          onChange={recount}
          onReset={recount}
        >
          <input type="hidden" name="date" value={session.date} />
          <p id="take-hint" className="mb-2 text-sm text-slate-700">
            {t("take.keyboardHint")}
          </p>
          <div className="divide-y divide-slate-200 border-y border-slate-200">
            {roster.map((s) => {
              const stored = s.status ?? "present";
              const initial = posted?.[s.id] ?? stored;
              return (
                <fieldset
                  key={s.id}
                  className="py-2 sm:flex sm:items-center sm:gap-4"
                  data-student-id={s.id}
                  data-stored={stored}
                >
                  <legend className="py-1 font-medium sm:float-start sm:w-72">{studentName(s)}</legend>
                  <div className="grid grid-cols-4 gap-1.5 sm:flex sm:flex-wrap sm:gap-2">
                    {ATTENDANCE_VALUES.map((value) => (
                      <label key={value} data-mark={value} className={PILL[value]}>
                        <input type="radio" name={statusField(s.id)} value={value} defaultChecked={value === initial} />
                        <span>{valueLabel[value]}</span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              );
            })}
          </div>
          {/* Sticky at the bottom of the screen: Save is in reach of the thumb wherever the list is scrolled. */}
          <div
            data-testid="attendance-actions"
            className="sticky bottom-0 z-10 -mx-3 flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-slate-200 bg-white/95 px-3 py-3 sm:static sm:mx-0 sm:mt-4 sm:border-0 sm:bg-transparent sm:px-0 sm:py-0"
          >
            <SubmitButton>{t("take.save")}</SubmitButton>
            <button type="reset" className="btn-secondary">
              {t("take.reset")}
            </button>
            <p aria-live="polite" data-testid="attendance-changes" className="text-sm text-slate-700">
              {changes ? t("take.changes", { count: changes }) : hydrated ? t("take.noChanges") : null}
            </p>
          </div>
        </Form>
      )}
    </section>
  );
}

/** Held sessions with no attendance yet, each a link to its form. */
export function MissingSessions({ here, missing }: { here: string; missing: readonly SessionTimes[] }) {
  const { t } = useTranslation("attendance");
  const sessionDay = useSessionDay();
  return (
    <section aria-labelledby="missing-heading" className="card">
      <h2 id="missing-heading" className="mb-2 text-lg font-semibold">
        {t("take.missing")}
      </h2>
      {missing.length === 0 ? (
        <p className="text-slate-700">{t("take.noMissing")}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {missing.map((m) => (
            <li key={m.date}>
              <Link
                to={`${here}?date=${m.date}`}
                className="inline-block rounded-md border border-amber-600 bg-amber-50 px-3 py-1.5 text-sm text-amber-950 underline hover:bg-amber-100"
              >
                {t("take.sessionOption", { day: sessionDay(m.date), start: m.start_time, end: m.end_time })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
