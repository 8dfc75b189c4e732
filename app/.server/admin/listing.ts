import type { SQL } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { type Operator, audit, requireAdmin } from "../staff/index.ts";

/** Rows a back-office list shows at once. */
export const PAGE = 50;
/** The most rows one CSV export holds. */
export const EXPORT_MAX = 100_000;

/** Which rows of a list to read: a page on screen, or all of an export. */
export type RowRange = { limit: number; offset: number };

/**
 * A back-office list, described once: which rows a filter selects, how they
 * are read (newest first) and counted. Its page on screen and its CSV export
 * both come from this description, so they can never disagree.
 */
export type ListDescription<F extends { page: number }, Row> = {
  where: (filter: F) => SQL | undefined;
  rows: (db: Db, where: SQL | undefined, range: RowRange) => Promise<Row[]>;
  count: (db: Db, where: SQL | undefined) => Promise<number>;
  /** The audit log's action for an export ("orders.export"). */
  exportAction: string;
};

/** A list's page and its CSV export, for admins only; every export is audited with its filter. */
export function adminList<F extends { page: number }, Row>(list: ListDescription<F, Row>) {
  return {
    async page(db: Db, op: Operator, filter: F) {
      requireAdmin(op);
      const where = list.where(filter);
      const total = await list.count(db, where);
      const rows = await list.rows(db, where, { limit: PAGE, offset: (filter.page - 1) * PAGE });
      return { rows, total, page: filter.page, pageSize: PAGE };
    },
    async csv(db: Db, op: Operator, filter: F) {
      requireAdmin(op);
      const rows = await list.rows(db, list.where(filter), { limit: EXPORT_MAX, offset: 0 });
      await audit(db, op, list.exportAction, { filter, rows: rows.length });
      return rows;
    },
  };
}
