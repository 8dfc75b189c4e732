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
});
