/**
 * Two server processes on one PostgreSQL database, as behind a load balancer:
 * a back-office session opened on one is valid on the other, and the login and
 * contact limits count the tries made on both (they live in the database, not
 * in a process). Needs TEST_DATABASE_URL; each run makes its own database.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FAILURES_PER_PAIR } from "../../app/.server/admin/login.ts";
import { logIn, postLogin, startShop, type Shop } from "./harness.ts";

const base = process.env.TEST_DATABASE_URL;
const ADMIN = { ADMIN_EMAIL: "ops@dorsal.local", ADMIN_PASSWORD: "two-instances-password" };

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(sql);
  await client.end();
}

describe.skipIf(!base)("two server processes on one PostgreSQL", () => {
  const name = `dorsal_e2e_${process.pid}_${randomBytes(3).toString("hex")}`;
  let a: Shop;
  let b: Shop;

  beforeAll(async () => {
    await onServer(`create database ${name}`);
    const url = new URL(base!);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), SESSION_SECRET: randomBytes(32).toString("hex"), SEED_DEMO: "0", ...ADMIN };
    // One after the other: the first applies the migrations and makes the admin account.
    a = await startShop({ env });
    b = await startShop({ env });
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await onServer(`drop database if exists ${name} with (force)`);
  });

  it("a back-office session opened on one instance is valid on the other", async () => {
    const op = await logIn(a, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    expect(op).toBeDefined();
    const office = await fetch(b.url("/admin"), { headers: { cookie: op!.cookie }, redirect: "manual" });
    expect(office.status).toBe(200);
  });

  it("counts wrong passwords sent to both instances at once against one login limit", async () => {
    const email = "target@dorsal.local";
    const tries = Array.from({ length: 4 * MAX_FAILURES_PER_PAIR }, (_, i) => (i % 2 ? a : b));
    const answers = await Promise.all(tries.map(async (shop) => (await postLogin(shop, email, "wrong-password")).status));
    // Exactly as many were checked as one process alone would allow; every other was refused.
    expect(answers.filter((s) => s !== 429)).toHaveLength(MAX_FAILURES_PER_PAIR);
    expect(answers.filter((s) => s === 429)).toHaveLength(tries.length - MAX_FAILURES_PER_PAIR);
  });

  it("counts contact messages sent to both instances against one limit per address", async () => {
    const send = (shop: Shop, i: number) =>
      fetch(shop.url("/api/contact_email"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ data: { name: "Ana", email: "ana@example.com", phone: "", message: `Hola, consulta número ${i}` } }),
      }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push(await send(i % 2 ? a : b, i));
    // Eight in ten minutes per address, whichever instance takes them.
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(statuses.slice(8)).toEqual(Array(4).fill(429));
  });
});
