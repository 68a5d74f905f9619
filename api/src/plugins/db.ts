import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { openDatabase, type Db, type DbHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
  }
}

export default fp(
  async (app, opts: { config: AppConfig; handle?: DbHandle }) => {
    const handle = opts.handle ?? (await openDatabase(opts.config));
    app.decorate('db', handle.db);
    app.decorate('dbHandle', handle);
    // A handle passed in by the caller (tests) is closed by the caller.
    if (!opts.handle) app.addHook('onClose', async () => handle.close());
  },
  { name: 'db' },
);
