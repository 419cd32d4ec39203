import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EventCard } from "~/components/calendar/week-calendar";
import { TranslationsProvider } from "~/i18n/react";
import { Translations } from "~/i18n/translate";
import en from "../../public/locales/en/common.json";
import fr from "../../public/locales/fr/common.json";

// A session on the dashboard's and the professor's calendars: the level is the
// app's name for it, shown in the reader's language (the demo's Saturday
// course, "Private Classes", showed in English on every language's dashboard).

const event = { id: "5-2026-11-28-09:00", date: "2026-11-28", start: "09:00", end: "13:00", title: "ADU-PC-SAT-0913" };

function render(lng: "en" | "fr", subtitle: string) {
  const i18n = new Translations(lng, { en: { common: en }, fr: { common: fr } });
  return renderToString(
    <TranslationsProvider value={i18n}>
      <EventCard event={{ ...event, subtitle, detail: "Petra Professor" }} />
    </TranslationsProvider>,
  );
}

describe("EventCard", () => {
  it("shows a level the app named in the reader's language", () => {
    expect(render("fr", "Private Classes")).toContain("Cours particuliers");
    expect(render("fr", "Private Classes")).not.toContain("Private Classes");
    expect(render("en", "Private Classes")).toContain("Private Classes");
  });

  it("shows a level code as it is", () => {
    expect(render("fr", "A2")).toContain(">A2<");
  });
});
