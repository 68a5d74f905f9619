import type { FastifyInstance } from 'fastify';
import type { PostPaymentDeps } from './post-payment';

/** What the post-payment process needs from the app (a plain object, so tests can swap one part). */
export const postPaymentDeps = (app: FastifyInstance): PostPaymentDeps => ({
  db: app.db,
  mail: app.mail,
  firebaseAuth: app.firebaseAuth,
  log: app.log,
});
