import { describe, expect, it } from "vitest";
import { inRequestScope, oncePerRequest } from "~/modules/shared/request-scope.server";

function counter() {
  let reads = 0;
  return {
    read: async () => ++reads,
    get reads() {
      return reads;
    },
  };
}

const request = (method: string) => new Request("http://localhost/dashboard", { method });

describe("oncePerRequest", () => {
  it("reads once for every loader of a GET, and again for the next request", async () => {
    const c = counter();
    const first = await inRequestScope(request("GET"), () =>
      Promise.all([oncePerRequest("k", c.read), oncePerRequest("k", c.read), oncePerRequest("k", c.read)]),
    );
    expect(first).toEqual([1, 1, 1]);
    expect(c.reads).toBe(1);
    const second = await inRequestScope(request("GET"), () => oncePerRequest("k", c.read));
    expect(second).toBe(2);
  });

  it("keeps each key apart", async () => {
    const a = counter();
    const b = counter();
    await inRequestScope(request("HEAD"), async () => {
      await oncePerRequest("a", a.read);
      await oncePerRequest("b", b.read);
      await oncePerRequest("a", a.read);
    });
    expect([a.reads, b.reads]).toEqual([1, 1]);
  });

  it("reads on every call of a POST (an action may change what it reads) and outside any request", async () => {
    const c = counter();
    const inPost = await inRequestScope(request("POST"), async () => [
      await oncePerRequest("k", c.read),
      await oncePerRequest("k", c.read),
    ]);
    expect(inPost).toEqual([1, 2]);
    expect([await oncePerRequest("k", c.read), await oncePerRequest("k", c.read)]).toEqual([3, 4]);
  });

  it("does not keep a failed read", async () => {
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls === 1) throw new Error("connection lost");
      return calls;
    };
    await inRequestScope(request("GET"), async () => {
      await expect(oncePerRequest("k", flaky)).rejects.toThrow("connection lost");
      expect(await oncePerRequest("k", flaky)).toBe(2);
      expect(await oncePerRequest("k", flaky)).toBe(2);
    });
  });
});
