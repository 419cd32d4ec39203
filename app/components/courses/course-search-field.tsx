import { useFetcher, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { type loader as suggestionsLoader } from "~/routes/resources.course-options";
import { useCourseLabel } from "./labels";

/** Characters typed before the search suggests courses. */
const MIN_CHARS = 2;

/**
 * A list's course filter as a search (issue 18): the field `course_q` finds
 * the courses whose code or professor contains what is typed, so the page
 * never carries every course of the school. Without JavaScript it is a plain
 * text field; with it, the courses matching what is typed are suggested (a
 * datalist, filled from /resources/course-options). `chosen`: the code of the
 * course a link filtered by (?course=id), shown in the field.
 */
export function CourseSearchField({ label, chosen }: { label: string; chosen: string | null }) {
  const { t } = useTranslation("common");
  const [params] = useSearchParams();
  const courseLabel = useCourseLabel();
  const suggestions = useFetcher<typeof suggestionsLoader>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div className="field">
      <label htmlFor="course_q" className="field-label">
        {label}
      </label>
      <input
        id="course_q"
        name="course_q"
        type="search"
        maxLength={100}
        autoComplete="off"
        list="course_q-options"
        defaultValue={params.get("course_q") ?? chosen ?? ""}
        placeholder={t("filters.courseSearchHint")}
        className="field-input"
        onChange={(event) => {
          const q = event.currentTarget.value.trim();
          clearTimeout(timer.current);
          if (q.length < MIN_CHARS) return;
          timer.current = setTimeout(
            () => suggestions.load(`/resources/course-options?${new URLSearchParams({ q })}`),
            200,
          );
        }}
      />
      <datalist id="course_q-options">
        {(suggestions.data?.courses ?? []).map((c) => (
          <option key={c.id} value={c.course_id}>
            {courseLabel(c)}
          </option>
        ))}
      </datalist>
    </div>
  );
}
