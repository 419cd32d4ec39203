import { describe, expect, it } from "vitest";
import { z } from "zod";
import { NOT_FOUND, handleIntents, ifDone, show, toastTo } from "~/http/intents.server";

// The intent pipeline (ADR 036) on its own: dispatch, schema, refusal map, answers.

const post = (form: Record<string, string>) =>
  new Request("http://school.test/page", {
    method: "POST",
    body: new URLSearchParams(form),
    headers: { Origin: "http://school.test" },
  });

type Outcome = { ok: true; id: number } | { ok: false; reason: "taken" | "gone" | "named"; name?: string };

const page = (outcome: Outcome, calls: string[] = []) => ({
  guard: async () => ({ who: 7 }),
  forms: {
    save: z.object({ name: z.string({ required_error: "name.required" }), row: z.string().optional() }),
    link: z.object({}),
  },
  defaultIntent: "save" as const,
  target: "row",
  intents: {
    save: async (value: { name: string }, { who }: { who: number }) => {
      calls.push(`save ${value.name} by ${who}`);
      return ifDone(outcome, toastTo("/page", "saved"));
    },
    link: async () => show({ link: "http://school.test/once" }),
  },
  refusals: {
    taken: { field: "name", message: "name.taken" },
    gone: NOT_FOUND,
    named: (refused: { name?: string }) => ({ form: `named ${refused.name}`, status: 409 }),
  },
});

const body = async (response: Response) =>
  (await response.json()) as {
    intent: string;
    target?: string | null;
    link?: string;
    result: { error?: Record<string, string[] | null> };
  };

describe("handleIntents", () => {
  it("an intent no form sends: a 400 thrown without a message (the page's 'Oops!')", async () => {
    const thrown = await handleIntents(post({ intent: "nonsense", name: "x" }), page({ ok: true, id: 1 })).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
  });

  it("a post naming no intent is the default one; a schema's refusal is a 400 with its field messages", async () => {
    const calls: string[] = [];
    const response = await handleIntents(post({ row: "12" }), page({ ok: true, id: 1 }, calls));
    expect(response.status).toBe(400);
    const data = await body(response);
    expect(data).toMatchObject({ intent: "save", target: "12" });
    expect(data.result.error?.name).toEqual(["name.required"]);
    expect(calls).toEqual([]);
  });

  it("done: the redirect with its toast; shown: the data with the form's reply", async () => {
    const calls: string[] = [];
    const done = await handleIntents(post({ intent: "save", name: "Ana" }), page({ ok: true, id: 1 }, calls));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/page");
    expect(calls).toEqual(["save Ana by 7"]);
    const shown = await handleIntents(post({ intent: "link" }), page({ ok: true, id: 1 }));
    expect(shown.status).toBe(200);
    expect(await body(shown)).toMatchObject({ intent: "link", link: "http://school.test/once" });
  });

  it("refused: as the page's map says (a field, the form with its status, the 404 page)", async () => {
    const taken = await handleIntents(
      post({ intent: "save", name: "Ana", row: "3" }),
      page({ ok: false, reason: "taken" }),
    );
    expect(taken.status).toBe(400);
    expect(await body(taken)).toMatchObject({
      intent: "save",
      target: "3",
      result: { error: { name: ["name.taken"] } },
    });
    const named = await handleIntents(
      post({ intent: "save", name: "Ana" }),
      page({ ok: false, reason: "named", name: "Bob" }),
    );
    expect(named.status).toBe(409);
    expect((await body(named)).result.error?.[""]).toEqual(["named Bob"]);
    const gone = await handleIntents(post({ intent: "save", name: "Ana" }), page({ ok: false, reason: "gone" })).catch(
      (e: unknown) => e,
    );
    expect((gone as Response).status).toBe(404);
  });
});
