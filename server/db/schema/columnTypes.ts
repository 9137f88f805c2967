import { customType } from 'drizzle-orm/pg-core';

/**
 * PostgreSQL's bytea. node-postgres hands it back as a Buffer, PGlite as a Uint8Array: both
 * become a Buffer here, so services see one type whichever database runs.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
