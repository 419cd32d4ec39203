import { describe, expect, it } from "vitest";
import { NOT_FOUND as INTENTS_NOT_FOUND } from "~/http/intents.server";
import {
  NOT_FOUND,
  TRANSFER_REFUSALS,
  apiRefusal,
  refusalAnswer,
  refusalStatus,
  refusedPage,
} from "~/http/outcome.server";

// The one refusal shape (issue 17): the pages, the loaders and the API read the same tables.

const thrown = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as Response;
  }
  throw new Error("nothing thrown");
};

describe("the refusal shape", () => {
  it("one NOT_FOUND, answered by notFound(): the 404 with its one body", async () => {
    expect(INTENTS_NOT_FOUND).toBe(NOT_FOUND);
    const response = thrown(() => refusalAnswer(NOT_FOUND));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Not found" });
    expect((await apiRefusalOf(NOT_FOUND)).status).toBe(404);
  });

  it("a field's and a form's refusal: 400 unless a status is given", () => {
    expect(refusalAnswer({ field: "email", message: "taken" })).toEqual({
      status: 400,
      message: "taken",
      field: "email",
    });
    expect(refusalAnswer({ form: "gone", status: 409 })).toEqual({ status: 409, message: "gone" });
    expect(refusalStatus(TRANSFER_REFUSALS.alreadyPending)).toBe(409);
    expect(refusalStatus(TRANSFER_REFUSALS.notPending)).toBe(409);
  });

  it("the API's {message, errors} reads the same table, in English", async () => {
    const field = apiRefusal({ ok: false, reason: "alreadyPending" }, TRANSFER_REFUSALS);
    expect(field.status).toBe(409);
    const body = (await field.json()) as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(["student_ids"]);
    expect(body.message).not.toContain("transfers:");
    const form = apiRefusal({ ok: false, reason: "notPending" }, TRANSFER_REFUSALS);
    expect(form.status).toBe(409);
    expect(await form.json()).not.toHaveProperty("errors");
  });

  it("a loader's refusal page: {message} with its status", async () => {
    const response = thrown(() => refusedPage({ page: 409, message: "transfers:errors.notPending" }));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "transfers:errors.notPending" });
  });
});

async function apiRefusalOf(refusal: typeof NOT_FOUND) {
  try {
    return apiRefusal({ ok: false, reason: "gone" }, { gone: refusal });
  } catch (error) {
    return error as Response;
  }
}
