/** PostgreSQL `serial` ids are 32-bit; a larger number cannot name a row and must not reach a query. */
export const MAX_DB_ID = 2_147_483_647;

export const isDbId = (value: number): boolean => Number.isInteger(value) && value >= 1 && value <= MAX_DB_ID;
