import pg from 'pg';

/** One statement on its own short-lived connection: creating and dropping test schemas and databases. */
export async function adminQuery(connectionString: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
