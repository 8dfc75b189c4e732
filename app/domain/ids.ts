/** The largest value a PostgreSQL integer column holds: an id beyond it names nothing. */
export const DB_INT_MAX = 2_147_483_647;

/** A positive whole number a database id (or price in minor units) can be. */
export const isDbInt = (n: number) => Number.isSafeInteger(n) && n > 0 && n <= DB_INT_MAX;
