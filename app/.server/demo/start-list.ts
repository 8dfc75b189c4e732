import { parseBibRanges } from "../../domain/bibs.ts";
import type { DemoRace } from "./demo-races.ts";
import { createRng, hashSeed } from "./rng.ts";

const FIRST =
  "Ana|Lucía|Martina|Sofía|Valentina|Camila|Julieta|Florencia|Agustina|Paula|María José|Carolina|Gabriela|Renata|Beatriz|Joana|Larissa|Mariana|Natália|Inés|Juan|Martín|Santiago|Mateo|Tomás|Joaquín|Nicolás|Facundo|Diego|Pablo|Juan Pablo|Ignacio|Federico|Gonzalo|João|Rafael|Thiago|Gustavo|Andrés|Emiliano".split(
    "|",
  );
const LAST =
  "García|Fernández|González|Rodríguez|López|Martínez|Pérez|Sánchez|Romero|Sosa|Álvarez|Torres|Ruiz|Ramírez|Flores|Acosta|Benítez|Medina|Herrera|Suárez|Núñez|Aguirre|Giménez|Molina|Castro|Ortiz|Silva|Rojas|Pereyra|Domínguez|Souza|Oliveira|Santos|Costa|Almeida|Carvalho|Ribeiro|Barbosa|Quiroga|Lemos".split(
    "|",
  );
const TEAMS = "Chapelco Runners|Lanín Trail Team|Corre Neuquén|Patagonia Outdoor|Los Pumas del Cerro".split("|");

/**
 * A demo race's start list as its organiser would upload it (CSV: bib, name,
 * distance, team): a runner for every bib of its range, the same names at
 * every seed, one in four in a team, so a runner can look a number up by name.
 */
export function demoStartList(race: DemoRace): string {
  const rng = createRng(hashSeed(race.file.slug, 7));
  const distances = race.file.distances ?? [];
  const rows = ["dorsal,nombre,distancia,equipo"];
  for (const { from, to } of parseBibRanges(race.file.bibs ?? "")) {
    for (let bib = from; bib <= to; bib++) {
      const name = `${rng.pick(FIRST)} ${rng.pick(LAST)}${rng.next() < 0.3 ? ` ${rng.pick(LAST)}` : ""}`;
      const team = rng.next() < 0.25 ? rng.pick(TEAMS) : "";
      rows.push([bib, name, distances.length ? distances[bib % distances.length] : "", team].join(","));
    }
  }
  return `${rows.join("\n")}\n`;
}
