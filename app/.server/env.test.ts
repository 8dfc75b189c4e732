import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnvFile, parseEnv } from "./env.ts";

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

  it("reads the recognition's readers and second look, leaving both to the machine when unset", () => {
    expect(parseEnv({}).RECOGNITION_READERS).toBeUndefined();
    expect(parseEnv({ RECOGNITION_READERS: "6", RECOGNITION_SECOND_LOOK: "768" })).toMatchObject({ RECOGNITION_READERS: 6, RECOGNITION_SECOND_LOOK: 768 });
    expect(parseEnv({ RECOGNITION_SECOND_LOOK: "0" }).RECOGNITION_SECOND_LOOK).toBe(0);
    expect(() => parseEnv({ RECOGNITION_READERS: "0" })).toThrow(/^Invalid environment variable RECOGNITION_READERS: /);
    expect(() => parseEnv({ RECOGNITION_SECOND_LOOK: "100" })).toThrow(
      /^Invalid environment variable RECOGNITION_SECOND_LOOK: must be 0 \(none\) or 320 to 2048 pixels$/,
    );
  });
});

describe("loadEnvFile", () => {
  const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), "dorsal-env-"));

  it("reads .env from the working folder, never over a variable already set", () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, ".env"), "DORSAL_TEST_FROM_FILE=file\nDORSAL_TEST_BOTH=file\n");
    process.env.DORSAL_TEST_BOTH = "environment";
    try {
      expect(loadEnvFile({}, dir)).toBe(path.join(dir, ".env"));
      expect(process.env.DORSAL_TEST_FROM_FILE).toBe("file");
      expect(process.env.DORSAL_TEST_BOTH).toBe("environment");
    } finally {
      delete process.env.DORSAL_TEST_FROM_FILE;
      delete process.env.DORSAL_TEST_BOTH;
    }
  });

  it("reads the file ENV_FILE names, none when it is empty, and stops on a named file that is missing", () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, "shop.env"), "DORSAL_TEST_NAMED=yes\n");
    fs.writeFileSync(path.join(dir, ".env"), "DORSAL_TEST_DEFAULT=yes\n");
    try {
      expect(loadEnvFile({ ENV_FILE: "shop.env" }, dir)).toBe(path.join(dir, "shop.env"));
      expect(process.env.DORSAL_TEST_NAMED).toBe("yes");
      expect(loadEnvFile({ ENV_FILE: "" }, dir)).toBeUndefined();
      expect(process.env.DORSAL_TEST_DEFAULT).toBeUndefined();
      expect(() => loadEnvFile({ ENV_FILE: "missing.env" }, dir)).toThrow(/ENV_FILE/);
      expect(loadEnvFile({}, folder())).toBeUndefined();
    } finally {
      delete process.env.DORSAL_TEST_NAMED;
    }
  });
});
