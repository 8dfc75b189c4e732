import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "../db/index.ts";

export type TableInfo = { name: string; serial?: string };

/**
 * Every table of the schema, each after the tables it refers to (so rows can
 * be inserted in this order and deleted in the reverse), with its serial
 * column when it has one (its sequence is set past the restored rows).
 */
export function tablesInOrder(): TableInfo[] {
  const configs = (Object.values(schema) as unknown[]).filter((value): value is PgTable => value instanceof PgTable).map((table) => getTableConfig(table));
  const byName = new Map(configs.map((c) => [c.name, c]));
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: string[]) => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new Error(`foreign keys form a cycle: ${[...path, name].join(" → ")}`);
    const config = byName.get(name)!;
    for (const fk of config.foreignKeys) {
      const target = getTableConfig(fk.reference().foreignTable).name;
      if (target !== name) visit(target, [...path, name]);
    }
    placed.add(name);
    const serial = config.columns.find((c) => /Serial/.test(c.columnType))?.name;
    ordered.push(serial ? { name, serial } : { name });
  };
  for (const name of [...byName.keys()].sort()) visit(name, []);
  return ordered;
}
