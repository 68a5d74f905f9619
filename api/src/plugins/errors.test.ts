import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REDACTED_PATHS } from '../app';
import { HttpError, invalidField } from '../lib/http-error';
import { registerErrorHandling } from './errors';

function buildTestServer(lines: string[]) {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.get('/boom', async () => {
    throw new Error('database password=hunter2 at /secret/path.ts:12');
  });
  app.get('/teapot', async () => {
    throw new HttpError(418, 'bad-request', 'I am a teapot');
  });
  app.get('/taken', async () => {
    throw invalidField('email', 'validation_email_invalid', 'Email is already in use.');
  });
  app.post(
    '/nested',
    { schema: { body: z.object({ userEmails: z.array(z.string().min(3, 'validation_email_invalid')) }) } },
    async (req) => req.body,
  );
  app.post('/strict', { schema: { body: z.strictObject({ name: z.string() }) } }, async (req) => req.body);
  app.get(
    '/bad-response',
    { schema: { response: { 200: z.object({ n: z.number() }) } } },
    async () => ({ n: 'x' }) as never,
  );
  app.post(
    '/echo',
    { schema: { body: z.object({ port: z.number({ error: 'port must be a number' }).int() }) } },
    async (req) => req.body,
  );
  app.get('/log', async (req) => {
    req.log.info({ password: 'hunter2', body: { token: 'tkn', clientSecret: 'cs' } }, 'sensitive');
    return { ok: true };
  });
  return app;
}

describe('error handling', () => {
  const lines: string[] = [];
  const app = buildTestServer(lines);
  afterAll(() => app.close());
  /** A POST whose body is sent as written, under `contentType`: for bodies no JSON value produces. */
  const postRaw = (url: string, contentType: string, body: string) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload: body });

  it('answers unknown errors with a plain 500 and logs them without leaking to the client', async () => {
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error', slug: 'internal-error' });
    expect(res.body).not.toContain('hunter2');
    expect(lines.join('')).toContain('unhandled error');
  });

  it('passes HttpError status, slug and message through', async () => {
    const res = await app.inject({ url: '/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ message: 'I am a teapot', slug: 'bad-request' });
  });

  it('sends the field keys of an HttpError and of nested validation issues', async () => {
    const taken = await app.inject({ url: '/taken' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      message: 'Email is already in use.',
      slug: 'validation-error',
      fields: { email: 'validation_email_invalid' },
    });
    const nested = await app.inject({ method: 'POST', url: '/nested', payload: { userEmails: ['a@b.de', 'x'] } });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().fields).toEqual({ 'userEmails.1': 'validation_email_invalid' });
  });

  it("names unknown keys that are also Object's ('constructor', 'toString') as fields", async () => {
    const res = await postRaw('/strict', 'application/json', '{"name":"x","constructor":1,"toString":2}');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      constructor: 'validation_unknown_field',
      toString: 'validation_unknown_field',
    });
  });

  it('turns a response that breaks its schema into a 500', async () => {
    const res = await app.inject({ url: '/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(res.json().slug).toBe('internal-error');
  });

  it('reports zod validation readably, plus empty and malformed bodies', async () => {
    const wrong = await app.inject({ method: 'POST', url: '/echo', payload: { port: 'x' } });
    expect(wrong.statusCode).toBe(400);
    // A message that is not an i18n key gets the generic field key, so the UI can still mark the field.
    expect(wrong.json()).toEqual({
      message: 'port must be a number',
      slug: 'validation-error',
      fields: { port: 'validation_field_invalid' },
    });
    const empty = await postRaw('/echo', 'application/json', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Request must not be empty', slug: 'bad-request' });
    const media = await postRaw('/echo', 'text/csv', 'a,b');
    expect(media.statusCode).toBe(415);
    expect(media.json().slug).toBe('unsupported-media-type');
  });

  it('answers unknown routes with 404 route-not-found', async () => {
    const res = await app.inject({ url: '/api/missing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /api/missing not found', slug: 'route-not-found' });
  });

  it('redacts passwords, tokens and secrets in logs', async () => {
    await app.inject({ url: '/log', headers: { authorization: 'Bearer secret-token' } });
    const line = lines.find((l) => l.includes('sensitive'))!;
    expect(line).toBeDefined();
    expect(line).not.toContain('hunter2');
    expect(line).not.toContain('tkn');
    expect(line).not.toContain('"cs"');
    expect(line).toContain('[redacted]');
    expect(lines.join('')).not.toContain('secret-token');
  });
});
