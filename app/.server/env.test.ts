import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.ts";

describe("parseEnv", () => {
  it("gives working defaults on an empty environment", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.publicUrl).toBe("http://localhost:3000");
    expect(env.seedDemo).toBe(true);
    expect(env.dataDir.endsWith("data")).toBe(true);
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("names the variable in one clear line when a value is bad", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
    expect(() => parseEnv({ SEED_DEMO: "maybe" })).toThrow(/SEED_DEMO/);
  });

  it("reads SEED_DEMO=0 as off and strips a trailing slash from PUBLIC_URL", () => {
    const env = parseEnv({ SEED_DEMO: "0", PUBLIC_URL: "https://fotos.example.com/" });
    expect(env.seedDemo).toBe(false);
    expect(env.publicUrl).toBe("https://fotos.example.com");
  });

  it("wants SESSION_SECRET on a PostgreSQL deployment in production, so every instance signs alike", () => {
    expect(() => parseEnv({ DATABASE_URL: "postgres://db/shop" })).toThrow(/^Invalid environment variable SESSION_SECRET: /);
    expect(parseEnv({ DATABASE_URL: "postgres://db/shop", SESSION_SECRET: "x".repeat(32) }).SESSION_SECRET).toHaveLength(32);
    expect(parseEnv({ DATABASE_URL: "postgres://db/shop", NODE_ENV: "test" }).DATABASE_URL).toBe("postgres://db/shop");
  });

  it("reads TRUST_PROXY as a hop count or a list of addresses, and trusts no proxy by default", () => {
    expect(parseEnv({}).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy).toEqual(["loopback", "10.0.0.0/8"]);
    expect(() => parseEnv({ TRUST_PROXY: "everyone" })).toThrow(/^Invalid environment variable TRUST_PROXY: /);
  });
});
