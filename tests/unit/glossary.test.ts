/**
 * One word for one thing (issue 20): docs/glossary.json names, per language,
 * the one translation of each of the school's words and the variants it
 * rejects; docs/glossary.md is generated from it.
 *
 * - no locale value (public/locales/<lang>/*.json) uses a rejected variant;
 * - docs/glossary.md is what the JSON generates (`npm run glossary -- --write`);
 * - every status label is the one of its kind of record, agreeing in gender
 *   with the record's word (French inscription → "Approuvée", transfert →
 *   "Approuvé"; Arabic دورة → "نشطة"), and the same words in every language
 *   keep their distinct meanings (withdrawn ≠ unenrolled).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  GLOSSARY_MD,
  TARGETS,
  type Target,
  expectedStatusLabels,
  kindGender,
  loadGlossary,
  localeValues,
  rejectedUses,
  renderMarkdown,
  toRegExp,
} from "../../scripts/quality/glossary-lib";

const glossary = loadGlossary();
const LANGS = ["en", ...TARGETS] as const;

describe("the glossary file", () => {
  it("gives every term a translation in every language", () => {
    for (const term of glossary.terms) {
      if (term.id === "variety") continue;
      for (const lang of TARGETS) expect(term[lang]?.use, `${term.id} in ${lang}`).toBeTruthy();
    }
  });

  it("has patterns that compile and that match what they are meant to", () => {
    for (const term of glossary.terms) {
      for (const lang of TARGETS) {
        for (const { pattern } of term[lang]?.reject ?? []) expect(() => toRegExp(pattern)).not.toThrow();
      }
    }
    // \b is a word edge for every script, not only ASCII.
    expect("Les élèves".match(toRegExp("\\bélèves?\\b"))).toEqual(["élèves"]);
    expect("Les élèvesses".match(toRegExp("\\bélèves?\\b"))).toBeNull();
    expect("转学学生".match(toRegExp("转学"))).toEqual(["转学"]);
  });

  it("docs/glossary.md is generated from docs/glossary.json (npm run glossary -- --write)", async () => {
    expect(readFileSync(GLOSSARY_MD, "utf8")).toBe(await renderMarkdown(glossary));
  });
});

describe("the locale files use the glossary's words", () => {
  it.each(TARGETS)("%s uses no rejected variant", (lang) => {
    const findings = rejectedUses(glossary, [lang]).map((f) => `${f.key}: “${f.match}” — ${f.why}`);
    expect(findings).toEqual([]);
  });

  it("the check finds a rejected variant when one is used", () => {
    // The same matcher over a value that breaks the glossary (fr "élève").
    const fr = glossary.terms.find((t) => t.id === "student")!.fr!;
    const hits = (fr.reject ?? []).filter(({ pattern }) => toRegExp(pattern).test("Aucun élève inscrit"));
    expect(hits.length).toBeGreaterThan(0);
  });
});

describe("status labels agree with the record they describe", () => {
  const common = (lang: string) => localeValues(lang);

  it.each(LANGS)("%s: common:statuses.<kind>.<status> are the glossary's labels", (lang) => {
    const values = common(lang);
    const expected = expectedStatusLabels(glossary, lang);
    for (const [kind, labels] of Object.entries(expected)) {
      for (const [status, label] of Object.entries(labels)) {
        expect(values.get(`common:statuses.${kind}.${status}`), `${lang} ${kind}.${status}`).toBe(label);
      }
    }
  });

  it("there is no shared badge text left (common:status.<status>)", () => {
    for (const lang of LANGS) {
      for (const status of ["pending", "approved", "rejected", "active", "inactive"]) {
        expect(common(lang).has(`common:status.${status}`), `${lang} common:status.${status}`).toBe(false);
      }
    }
  });

  it.each(["fr", "es", "pt", "ar"] as Target[])("%s: each kind's label has the gender of its word", (lang) => {
    const forms = glossary.agreement[lang]!;
    const values = common(lang);
    for (const [kind, { statuses }] of Object.entries(glossary.statusKinds)) {
      const gender = kindGender(glossary, kind, lang);
      for (const status of statuses) {
        expect(values.get(`common:statuses.${kind}.${status}`), `${lang} ${kind}.${status}`).toBe(
          forms[status][gender],
        );
      }
    }
  });

  it("fr: an inscription is Approuvée / Refusée, a transfert Approuvé / Refusé", () => {
    const fr = common("fr");
    expect(fr.get("common:statuses.registration.approved")).toBe("Approuvée");
    expect(fr.get("common:statuses.registration.rejected")).toBe("Refusée");
    expect(fr.get("common:statuses.transfer.approved")).toBe("Approuvé");
    expect(fr.get("common:statuses.transfer.rejected")).toBe("Refusé");
    // The sentences say the same.
    expect(fr.get("common:registrations.approvedBy")).toMatch(/^Approuvée par /);
    expect(fr.get("common:registrations.rejectedBy")).toMatch(/^Refusée par /);
  });

  it("pt: an inscrição and a transferência (both feminine) are Aprovada / Recusada; an aluno is Ativo", () => {
    const pt = common("pt");
    expect(pt.get("common:statuses.registration.approved")).toBe("Aprovada");
    expect(pt.get("common:statuses.registration.rejected")).toBe("Recusada");
    expect(pt.get("common:statuses.transfer.approved")).toBe("Aprovada");
    expect(pt.get("common:statuses.transfer.rejected")).toBe("Recusada");
    expect(pt.get("common:statuses.student.active")).toBe("Ativo");
    expect(pt.get("common:registrations.approvedBy")).toMatch(/^Aprovada por /);
    expect(pt.get("common:registrations.rejectedBy")).toMatch(/^Recusada por /);
  });

  it("es: an inscripción and a transferencia (both feminine) are Aprobada / Rechazada; a curso is Activo", () => {
    const es = common("es");
    expect(es.get("common:statuses.registration.approved")).toBe("Aprobada");
    expect(es.get("common:statuses.registration.rejected")).toBe("Rechazada");
    expect(es.get("common:statuses.transfer.approved")).toBe("Aprobada");
    expect(es.get("common:statuses.course.active")).toBe("Activo");
    expect(es.get("common:registrations.approvedBy")).toMatch(/^Aprobada por /);
  });

  it("ar: a دورة (course) is نشطة, a طالب (student) نشط", () => {
    const ar = common("ar");
    expect(ar.get("common:statuses.course.active")).toBe("نشطة");
    expect(ar.get("common:statuses.course.inactive")).toBe("غير نشطة");
    expect(ar.get("common:statuses.student.active")).toBe("نشط");
  });
});

describe("distinct things keep distinct words", () => {
  // (English keeps its own wording: "Withdrew" on the course page, "Withdrawn" on the student's.)
  it.each(TARGETS)(
    "%s: withdrawn and unenrolled have different labels, the same on the course and the student pages",
    (lang) => {
      const v = localeValues(lang);
      for (const ns of ["courses:endReasons", "students:enrollments.reasons"]) {
        expect(v.get(`${ns}.withdrawn`), `${lang} ${ns}`).not.toBe(v.get(`${ns}.unenrolled`));
      }
      for (const reason of ["transfer", "withdrawn", "unenrolled", "completed", "ended"]) {
        expect(v.get(`students:enrollments.reasons.${reason}`), `${lang} ${reason}`).toBe(
          v.get(`courses:endReasons.${reason}`),
        );
      }
    },
  );

  it.each(TARGETS)("%s: the menu item Transfer students is the action, as on the page it opens", (lang) => {
    const v = localeValues(lang);
    expect(v.get("common:menu.transferStudents")).toBe(v.get("transfers:title"));
  });

  // Two pages showing the same thing show the same words.
  const SAME: [string, string][] = [
    ["attendance:home.types.onSite", "courses:types.onSite"],
    ["attendance:home.types.online", "courses:types.online"],
    ["attendance:home.types.private", "courses:types.private"],
    ["attendance:home.types.privateOnline", "courses:types.privateOnline"],
    ["attendance:home.statuses.held", "courses:sessions.statuses.held"],
    ["attendance:home.statuses.upcoming", "courses:sessions.statuses.upcoming"],
    ["attendance:home.statuses.holiday", "courses:sessions.statuses.holiday"],
    ["attendance:values.present", "gradebook:report.columns.present"],
    ["attendance:values.recovered", "gradebook:report.columns.recovered"],
    ["attendance:values.late", "gradebook:report.columns.late"],
    ["attendance:values.absent", "gradebook:report.columns.absent"],
    ["attendance:score", "gradebook:report.columns.score"],
    ["attendance:absences", "gradebook:report.columns.absences"],
    ["attendance:home.students", "courses:detail.students"],
    ["attendance:holidays.title", "common:menu.holidays"],
    ["course:nav.holidays", "common:menu.holidays"],
    ["school:holidays.title", "common:menu.holidays"],
    ["attendance:holidays.wholeSchool", "school:holidays.wholeSchool"],
    ["school:dashboard.counts.pendingTransfers", "transfers:bell.title"],
    ["course:nav.gradebook", "gradebook:gradebook.title"],
    ["course:nav.student-report", "gradebook:report.title"],
    ["attendance:home.percentagesValue", "courses:percentagesValue"],
  ];

  it.each(LANGS)("%s: the same thing on two pages has the same words", (lang) => {
    const v = localeValues(lang);
    for (const [a, b] of SAME) expect(v.get(a), `${lang} ${a} = ${b}`).toBe(v.get(b));
  });
});
