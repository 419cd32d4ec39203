import { afterEach, describe, expect, it } from "vitest";
import { addressKey, clientKey } from "~/env.server";

// ADR 028: what one client is for the per-client limits.
describe("addressKey", () => {
  it.each([
    ["127.0.0.2", "127.0.0.2"],
    ["::ffff:127.0.0.2", "127.0.0.2"],
    ["::FFFF:7f00:2", "127.0.0.2"],
    ["2001:db8:1:2::a", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["2001:db8:1:2:3:4:1.2.3.4", "2001:db8:1:2::/64"],
    ["203.0.113.7:51234", "203.0.113.7"],
    ["[2001:db8:1:2::a]:443", "2001:db8:1:2::/64"],
    ["unknown", "unknown"],
  ])("%s is the client %s", (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it("cuts what is not an address to 64 characters", () => {
    expect(addressKey("x".repeat(500))).toHaveLength(64);
  });
});

describe("clientKey", () => {
  const saved = process.env.TRUST_PROXY;
  afterEach(() => {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
  });
  const req = new Request("http://localhost/", { headers: { "X-Forwarded-For": "198.51.100.1, 2001:db8:5:6::77" } });

  it("is the socket's address without a trusted proxy (what a client writes in X-Forwarded-For is ignored)", () => {
    delete process.env.TRUST_PROXY;
    expect(clientKey(req, { clientAddress: "::ffff:192.0.2.9" })).toBe("192.0.2.9");
  });

  it("is the address the trusted proxy appended, by its /64", () => {
    process.env.TRUST_PROXY = "1";
    expect(clientKey(req, { clientAddress: "10.0.0.1" })).toBe("2001:db8:5:6::/64");
  });
});
