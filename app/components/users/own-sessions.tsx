import { useFormat } from "~/components/format";
import { DataTable } from "~/components/ui/data-table";
import { Section } from "~/components/ui/section";
import { useTranslation } from "~/i18n/react";

/** The signed-in user's open sessions: when each began and when it was last used (read only). */
export function OwnSessions({ sessions }: { sessions: { id: number; created_at: string; last_seen_at: string }[] }) {
  const { t } = useTranslation("users");
  const format = useFormat();
  return (
    <Section id="profile-sessions" title={t("profile.sessions.title")} className="card p-4" headingClassName="mb-2">
      <p className="mb-3 text-sm text-slate-700">{t("profile.sessions.help")}</p>
      <DataTable
        label={t("profile.sessions.caption")}
        rows={sessions}
        rowKey={(s) => s.id}
        stack
        columns={[
          {
            header: t("profile.sessions.lastSeen"),
            rowHeader: true,
            phone: "title",
            cell: (s) => format.dateTime(s.last_seen_at),
          },
          { header: t("profile.sessions.started"), cell: (s) => format.dateTime(s.created_at) },
        ]}
      />
    </Section>
  );
}
