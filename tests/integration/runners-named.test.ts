import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesContext } from "../../app/context.ts";
import { loader as corredores } from "../../app/routes/api.corredores.ts";
import { loader as fotos } from "../../app/routes/api.fotos.ts";
import { createTestShop, FIXTURES, type TestShop } from "./helpers.ts";

// A runner who does not remember their number looks it up by the name on the
// race's start list (GET /api/corredores/{slug}?q=, and the race page's q).

describe("GET /api/corredores/{slug}", () => {
  let shop: TestShop;
  let raceId: number;
  beforeAll(async () => {
    shop = await createTestShop();
    await shop.services.imports.folder(path.join(FIXTURES, "import-basic"));
    await shop.services.worker.drain();
    raceId = (await fotosOf("")).id;
  });
  afterAll(() => shop.close());

  async function call(loader: typeof corredores | typeof fotos, pathAndQuery: string) {
    const url = new URL(pathAndQuery, "http://shop.test");
    const slug = decodeURIComponent(url.pathname.split("/").pop()!);
    const context = new RouterContextProvider(new Map([[servicesContext, shop.services]]));
    const response = (await loader({ request: new Request(url), params: { slug }, context } as never)) as Response;
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }
  const named = (query: string) => call(corredores, `/api/corredores/fixture-trail-2025?${query}`);
  const fotosOf = async (query: string) => (await call(fotos, `/api/fotos/fixture-trail-2025?${query}`)).body.data;

  async function loadStartList(csv: string) {
    await shop.services.recognition.loadStartList(raceId, csv);
    await shop.services.worker.drain(); // its photos decided again in the background
  }

  it("offers the look-up only where the start list names the race's runners", async () => {
    expect((await fotosOf("")).namesListed).toBe(false);
    await loadStartList("dorsal\n101\n102\n");
    expect((await fotosOf("")).namesListed).toBe(false);
    await loadStartList("dorsal,nombre,distancia,equipo\n101,Ana Belén García Núñez,21K,Corre Neuquén\n102,Juan Pérez,10K,\n103,Ana Gómez,10K,\n");
    expect((await fotosOf("")).namesListed).toBe(true);
    expect((await fotosOf("n=101")).namesListed).toBe(true);
  });

  it("finds a runner by first and last name, without case or accents, in any order, with their photo count", async () => {
    for (const q of ["ana garcia", "GARCÍA ana", "ana nunez", "belen garc"]) {
      const { status, body } = await named(`q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(body.data, q).toEqual({
        q,
        corredores: [{ n: 101, nombre: "Ana Belén García Núñez", distancia: "21K", equipo: "Corre Neuquén", fotos: 2 }],
        more: false,
        near: false,
      });
    }
    // "g" is no word to search by: a first name and an initial are refused.
    expect((await named("q=ana+g")).status).toBe(400);
    expect((await named("q=ana+go")).body.data.corredores.map((r: { n: number }) => r.n)).toEqual([103]);
    expect((await named("q=juan+perez")).body.data.corredores).toEqual([{ n: 102, nombre: "Juan Pérez", distancia: "10K", equipo: "", fotos: 1 }]);
    expect((await named("q=maria+lopez")).body.data).toEqual({ q: "maria lopez", corredores: [], more: false, near: false });
  });

  it("offers the names one slip off when none has the words as typed", async () => {
    const slip = (await named("q=juan+peres")).body.data;
    expect(slip).toMatchObject({ near: true, corredores: [{ n: 102, nombre: "Juan Pérez" }] });
    expect((await named("q=ana+gomze")).body.data).toMatchObject({ near: true, corredores: [{ n: 103 }] });
    // A name as typed wins: its near neighbours are not mixed in.
    expect((await named("q=ana+gomez")).body.data).toMatchObject({ near: false, corredores: [{ n: 103 }] });
    // A word under four letters must be right: "ama" is no "Ana" with a slip (it would find too many others).
    expect((await named("q=ama+gomez")).body.data).toMatchObject({ near: false, corredores: [] });
    expect((await named("q=juan+paz")).body.data).toMatchObject({ near: false, corredores: [] });
  });

  it("lists at most ten runners, bib order, and says when more share the name", async () => {
    const rows = Array.from({ length: 12 }, (_, i) => `${200 + i},Laura Díaz ${i % 2 ? "Sosa" : "Paz"}`);
    await loadStartList(`bib,name\n${rows.join("\n")}\n`);
    const many = (await named("q=laura+diaz")).body.data;
    expect(many.corredores.map((r: { n: number }) => r.n)).toEqual([200, 201, 202, 203, 204, 205, 206, 207, 208, 209]);
    expect(many.more).toBe(true);
    const fewer = (await named("q=laura+diaz+sosa")).body.data;
    expect(fewer.corredores.map((r: { n: number }) => r.n)).toEqual([201, 203, 205, 207, 209, 211]);
    expect(fewer.more).toBe(false);
    // The list replaced: the earlier runners are gone.
    expect((await named("q=juan+perez")).body.data.corredores).toEqual([]);
  });

  it("refuses less than a first and a last name in the request's language, and an unknown race with a 404", async () => {
    const messages = {
      es: "Escribí tu nombre y apellido (al menos dos letras cada uno) para encontrar tu número.",
      en: "Type your first and last name (at least two letters each) to find your number.",
      br: "Digite seu nome e sobrenome (pelo menos duas letras cada) para encontrar seu número.",
    };
    for (const [lang, message] of Object.entries(messages)) {
      for (const bad of ["q=laura", "q=a+b", "", `q=${"x".repeat(100)}+y`]) {
        const { status, body } = await named(`${bad}&lang=${lang}`);
        expect(status, bad).toBe(400);
        expect(body.error.message).toBe(message);
      }
    }
    const missing = await call(corredores, "/api/corredores/no-such-race?q=laura+diaz&lang=en");
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("The race “no-such-race” does not exist.");
  });
});
