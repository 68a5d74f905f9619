import type { Db } from './client';

/**
 * A prepared statement built once per database (its name is sent once per connection; the query is not built again
 * on every call). For the hottest reads: the profile, the plugins' license check.
 */
export function preparedPerDb<Query>(prepare: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = prepare(db)));
    return query;
  };
}
