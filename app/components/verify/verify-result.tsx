import { useAppNames } from "~/components/app-names";
import { formatDay, formatFixed, formatTimestamp } from "~/components/format";
import { DetailsList } from "~/components/ui/details-card";
import { useTranslation } from "~/i18n/react";
import { type VerifiedCertificate } from "~/modules/certificates/verify.server";

/** A found certificate: VALID or REVOKED (with the date) first, then the few facts it certifies. */
export function VerifiedCertificateCard({ certificate: c }: { certificate: VerifiedCertificate }) {
  const { t, i18n } = useTranslation("verify");
  const names = useAppNames();
  const lng = i18n.language;
  const day = (iso: string) => formatTimestamp(lng, iso, c.timeZone);
  const level = names.level(c.level);
  const valid = c.status === "valid";
  return (
    <section aria-labelledby="verify-status" className="card space-y-4">
      <div
        className={`rounded-md border-2 p-4 ${valid ? "border-emerald-700 bg-emerald-50" : "border-secondary-dark bg-rose-50"}`}
      >
        <p className="text-sm text-slate-800">{t("status")}</p>
        <h2
          id="verify-status"
          data-status={c.status}
          className={`text-3xl font-bold tracking-wide ${valid ? "text-emerald-900" : "text-rose-900"}`}
        >
          {valid ? t("valid") : t("revoked")}
        </h2>
        <p className="mt-1 text-slate-900">
          {valid
            ? t("validNote", { school: c.school.name })
            : t("revokedNote", { date: day(c.revokedAt ?? c.replacedAt ?? "") })}
        </p>
        {c.replacedAt ? <p className="text-slate-900">{t("replacedNote", { date: day(c.replacedAt) })}</p> : null}
      </div>
      <DetailsList
        items={[
          [
            t("code"),
            <span key="code" dir="ltr" className="font-mono">
              {c.code}
            </span>,
          ],
          [t("school"), c.school.name],
          [t("student"), c.studentName],
          [t("level"), c.cefr ? t("levelBand", { level, band: c.cefr }) : level],
          [t("dates"), t("datesValue", { start: formatDay(lng, c.startDate), end: formatDay(lng, c.endDate) })],
          [t("final"), c.final === null ? "—" : formatFixed(lng, c.final)],
          [t("band"), c.band === null ? "—" : names.band(c.band)],
          [t("issued"), formatDay(lng, c.issuedOn)],
        ]}
      />
      <p className="text-sm text-slate-700">{t("privacy")}</p>
    </section>
  );
}
