// `npm run cycles` (and the first step of `npm test`): fails when the project's
// own modules import each other in a circle, or when one imports a file behind
// another server module's door (its index.ts). Reads every import and export of
// app/, scripts/, tests/ and server.ts (static and dynamic, type-only ones
// included: a type cycle ties two modules together as much as a value one),
// resolves the relative ones and the #app/* alias, and lists each cycle found.
// Our own reader because the kept checkers (dependency-cruiser, madge) need a
// TypeScript older than the project's.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SOURCES = ["app", "scripts", "tests", "server.ts"];
const SKIP = /(^|\/)(node_modules|build|\.react-router|fixtures|bib-set|field-set)(\/|$)/;
/** `from "x"`, `import "x"`, `import("x")`; comments are stripped first. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

export function sourceFiles(entry: string): string[] {
  const full = path.join(root, entry);
  if (SKIP.test(entry)) return [];
  if (fs.statSync(full).isFile()) return /\.tsx?$/.test(entry) ? [entry] : [];
  return fs.readdirSync(full).flatMap((name) => sourceFiles(path.join(entry, name)));
}

/** The module a specifier names among `known`, or undefined for a package or a file we do not check. */
function resolve(from: string, specifier: string, known: Set<string>): string | undefined {
  let target: string;
  if (specifier.startsWith("#app/")) target = path.join("app", specifier.slice(5));
  else if (specifier.startsWith(".")) target = path.join(path.dirname(from), specifier);
  else return undefined;
  return [target, `${target}.ts`, `${target}.tsx`, path.join(target, "index.ts")].find((candidate) => known.has(candidate));
}

export function importGraph(files: string[], read: (file: string) => string): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const code = read(file)
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
    const targets = [...code.matchAll(SPECIFIER)].map((m) => resolve(file, m[1], known)).filter((t): t is string => t !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The graph's cycles: each strongly connected group of more than one module (Tarjan), and any module importing itself. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** The server module a file belongs to (`app/.server/<module>/…`), if any. */
const moduleOf = (file: string) => /^app\/\.server\/([^/]+)\//.exec(file)?.[1];

/**
 * Imports that skip a server module's door: from outside `app/.server/<m>/`,
 * only `<m>/index.ts` may be imported (tests may reach inside).
 */
export function doorViolations(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    if (/\.test\.tsx?$/.test(from) || from.startsWith("tests/")) continue;
    for (const to of targets) {
      const target = moduleOf(to);
      if (!target || moduleOf(from) === target || to === `app/.server/${target}/index.ts`) continue;
      found.push(`${from} → ${to}`);
    }
  }
  return found;
}

if (import.meta.main) {
  const files = SOURCES.flatMap(sourceFiles);
  const graph = importGraph(files, (file) => fs.readFileSync(path.join(root, file), "utf8"));
  const cycles = cyclesOf(graph);
  const doors = doorViolations(graph);
  if (cycles.length === 0) {
    console.log(`No import cycles among ${files.length} modules.`);
  } else {
    console.error(`${cycles.length} import cycle(s):`);
    for (const group of cycles) console.error(`\n  ${group.join("\n  ")}`);
  }
  if (doors.length === 0) {
    console.log("No import skips a server module's door.");
  } else {
    console.error(`${doors.length} import(s) skip a server module's door (import its index.ts instead):\n  ${doors.join("\n  ")}`);
  }
  if (cycles.length > 0 || doors.length > 0) process.exit(1);
}
