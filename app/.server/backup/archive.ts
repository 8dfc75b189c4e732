import fs from "node:fs";
import fsp from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { TarArchive } from "archiver";
import { sql } from "drizzle-orm";
import tar from "tar-stream";
import { inTransaction, rowsOf, type Db } from "../db/index.ts";
import type { Storage } from "../storage/index.ts";
import { tablesInOrder } from "./tables.ts";

/**
 * One file holds a whole shop: `manifest.json`, every table as JSON
 * (`db/<table>.json`, rows as PostgreSQL writes them, so they go back into the
 * embedded database or a server alike) and every stored file (`files/<key>`),
 * in a gzipped tar.
 */
export const BACKUP_FORMAT = "dorsal-backup/1";

export type Manifest = {
  format: string;
  createdAt: string;
  /** The last migration applied when it was made: a backup goes back only into a database at the same one. */
  schema: string;
  tables: Record<string, number>;
  files: number;
};

export class BackupError extends Error {}

async function schemaOf(db: Db): Promise<string> {
  const [last] = rowsOf<{ hash: string }>(await db.execute(sql`select hash from drizzle.__drizzle_migrations order by created_at desc limit 1`));
  return last?.hash ?? "none";
}

/**
 * Writes a backup to `file` (through a temporary file, so a failed backup
 * never leaves half an archive under that name); `files: false` leaves the
 * stored files out (a move to another database that keeps them where they are). The tables are read in one
 * repeatable-read transaction: orders, payments and photos as of one moment.
 */
export async function writeBackup(db: Db, storage: Storage, file: string, { files = true }: { files?: boolean } = {}): Promise<Manifest> {
  const tables = tablesInOrder();
  const dumps = await inTransaction(db, async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const out: { name: string; json: string; count: number }[] = [];
    for (const table of tables) {
      const [row] = rowsOf<{ rows: string; n: number }>(
        await tx.execute(sql`select coalesce(json_agg(t), '[]'::json)::text as rows, count(*)::int as n from ${sql.identifier(table.name)} t`),
      );
      out.push({ name: table.name, json: row.rows, count: Number(row.n) });
    }
    return out;
  });
  const keys: string[] = [];
  if (files) for await (const key of storage.list()) keys.push(key);
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    schema: await schemaOf(db),
    tables: Object.fromEntries(dumps.map((d) => [d.name, d.count])),
    files: keys.length,
  };

  const temp = `${file}.${process.pid}.partial`;
  const archive = new TarArchive({ gzip: true, gzipOptions: { level: 6 } });
  const written = pipeline(archive, fs.createWriteStream(temp));
  archive.append(JSON.stringify(manifest, null, 2), { name: "manifest.json" });
  for (const d of dumps) archive.append(d.json, { name: `db/${d.name}.json` });
  for (const key of keys) archive.append(await storage.get(key), { name: `files/${key}` });
  await archive.finalize();
  try {
    await written;
    await fsp.rename(temp, file);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
  return manifest;
}

/** Tables whose rows mean a shop already lives in the target. */
const SHOP_DATA = ["races", "photos", "orders", "customers", "admin_users"];

/**
 * Brings a backup back into an empty database (migrated to the backup's
 * schema) and, unless `files` is false, its files into the storage. The rows
 * go in within one transaction, each table after the ones it refers to, and
 * every serial counter is set past them; the counts are checked against the
 * manifest before it commits.
 */
export async function restoreBackup(db: Db, storage: Storage, file: string, { files = true }: { files?: boolean } = {}): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup at ${file}`);
  for (const table of SHOP_DATA) {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`));
    if (Number(row.n) > 0) throw new BackupError(`The target already holds a shop (${table} has rows): restore into an empty data folder or database.`);
  }
  const schema = await schemaOf(db);
  let manifest: Manifest | undefined;
  const tableJson = new Map<string, string>();
  let filesRestored = 0;

  const extract = tar.extract();
  const reading = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const name = entry.header.name;
      if (name === "manifest.json") {
        manifest = JSON.parse(body.toString("utf8")) as Manifest;
        if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`Not a Dorsal backup (format ${manifest.format ?? "unknown"})`);
        if (manifest.schema !== schema)
          throw new BackupError("The backup was made by another version of Dorsal (its database schema differs): restore it with that version.");
      } else if (!manifest) {
        throw new BackupError("Not a Dorsal backup (no manifest first)");
      } else if (name.startsWith("db/") && name.endsWith(".json")) {
        tableJson.set(name.slice(3, -5), body.toString("utf8"));
      } else if (name.startsWith("files/") && files) {
        await storage.put(name.slice(6), body);
        filesRestored++;
      }
    }
  })();
  const [piped, read] = await Promise.allSettled([pipeline(fs.createReadStream(file), createGunzip(), extract), reading]);
  for (const outcome of [read, piped]) {
    if (outcome.status === "fulfilled") continue;
    const error = outcome.reason as unknown;
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The backup cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!manifest) throw new BackupError("Not a Dorsal backup (no manifest)");
  const expected = manifest;
  if (files && filesRestored !== expected.files) throw new BackupError(`The backup holds ${filesRestored} of its ${expected.files} files: it is incomplete.`);

  const tables = tablesInOrder();
  await inTransaction(db, async (tx) => {
    // Rows a fresh database was born with (the catalog version, default settings) give way to the backup's.
    for (const table of [...tables].reverse()) await tx.execute(sql`delete from ${sql.identifier(table.name)}`);
    for (const table of tables) {
      const json = tableJson.get(table.name) ?? "[]";
      const name = sql.identifier(table.name);
      // Counts a trigger wrote while an earlier table came back (race_numbers from photo_recognitions) give way to the backup's.
      await tx.execute(sql`delete from ${name}`);
      await tx.execute(sql`insert into ${name} select * from json_populate_recordset(null::${name}, ${json}::json)`);
      if (table.serial) {
        const column = sql.identifier(table.serial);
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${table.name}, ${table.serial}), greatest(coalesce(max(${column}), 0), 1), coalesce(max(${column}), 0) > 0) from ${name}`,
        );
      }
      const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${name}`));
      if (Number(row.n) !== (expected.tables[table.name] ?? 0))
        throw new BackupError(`${table.name}: ${row.n} rows restored, the backup holds ${expected.tables[table.name] ?? 0}`);
    }
  });
  return manifest;
}
