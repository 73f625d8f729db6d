/**
 * The rows a multi-row INSERT … RETURNING gave back, in the order the values were given. Neither
 * PostgreSQL nor SQLite promises RETURNING's order, so each given row is matched by `keyOf`; rows
 * with the same key are alike in everything but their id and are handed out in id order.
 */
export function inGivenOrder<G, R extends { id: number }>(given: readonly G[], returned: readonly R[], keyOf: (row: G | R) => string): R[] {
  const byKey = new Map<string, R[]>();
  for (const row of [...returned].sort((a, b) => Number(a.id) - Number(b.id))) {
    const key = keyOf(row);
    const list = byKey.get(key);
    if (list) list.push(row);
    else byKey.set(key, [row]);
  }
  return given.map((row) => {
    const found = byKey.get(keyOf(row))?.shift();
    if (!found) throw new Error(`no row came back for ${keyOf(row)}`);
    return found;
  });
}
