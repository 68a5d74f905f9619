import { contactRequestSchema, normalizeEmail } from '@portal/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from '../../../lib/schemas';
import { currentUser } from '../../../plugins/identity';
import { strictRateLimit } from '../../../plugins/rate-limit';
import { insertContactRequest } from './repository';

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      // Takes free text and sends a mail.
      config: { rateLimit: strictRateLimit },
      preHandler: app.requireUser,
      schema: {
        tags: ['contact'],
        summary: "'Need help?' form: stored and mailed to SUPPORT_EMAIL",
        body: contactRequestSchema,
        response: { 201: z.object({ ok: z.literal(true) }), ...authErrors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { name, phone, email, message } = request.body;
      await insertContactRequest(app.db, { userId: user.id, name, phone, email: normalizeEmail(email), message });
      try {
        await app.mail.send({
          to: app.config.supportEmail,
          replyTo: email,
          subject: `Contact request from ${name}`,
          text: `Name: ${name}\nPhone: ${phone}\nEmail: ${email}\nAccount: ${user.email} (${user.id})\n\n${message}\n`,
        });
      } catch (err) {
        // The request is stored; support can read it from the database.
        request.log.error({ err }, 'could not mail a contact request');
      }
      return reply.code(201).send({ ok: true as const });
    },
  );
};

export default contactRoutes;
