import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { inputIssue } from './input-guard';

const request = (parts: { params?: object; query?: object; body?: unknown }) =>
  ({ params: {}, query: {}, ...parts }) as unknown as FastifyRequest;

describe('inputIssue', () => {
  it('names the first bad string by its path: values at any depth, keys, and nesting too deep', () => {
    expect(inputIssue(request({ body: { a: [{ b: 'ok' }, { b: 'x\u0000y' }] } }), undefined)).toEqual({
      path: 'body.a.1.b',
      key: 'validation_text_invalid',
      message: 'body.a.1.b contains control characters or invalid text',
    });
    expect(inputIssue(request({ body: { a: { 'k\u0007': 1 } } }), undefined)).toEqual({
      path: 'body.a',
      key: 'validation_text_invalid',
      message: 'body.a has a key with control characters or invalid text',
    });
    let deep: unknown = 'x';
    for (let i = 0; i < 70; i++) deep = [deep];
    expect(inputIssue(request({ body: deep }), undefined)?.message).toMatch(/^body(\.0){65} is nested too deeply$/);
    expect(inputIssue(request({ params: { id: 'a\ud800' } }), undefined)?.path).toBe('params.id');
    expect(inputIssue(request({ body: { text: 'line one\nline two\ttab', list: ['a', 'b'], n: 1 } }), undefined)).toBe(
      null,
    );
  });

  it('takes only the query keys the route declares, each once', () => {
    const schema = z.object({ page: z.string(), ids: z.array(z.string()).optional() });
    expect(inputIssue(request({ query: { page: '1', ids: ['a', 'b'] } }), schema)).toBe(null);
    expect(inputIssue(request({ query: { 'email[]': 'x' } }), schema)?.message).toBe(
      'Unknown query parameter "email[]"',
    );
    expect(inputIssue(request({ query: { page: ['1', '2'] } }), schema)?.message).toBe(
      'Query parameter "page" may be given only once',
    );
    expect(inputIssue(request({ query: { page: '1' } }), undefined)?.message).toBe('Unknown query parameter "page"');
  });
});
