import { languageInputSchema, limitOffsetQuerySchema, pageQuerySchema, userCreateSchema } from './api-inputs';

describe('api input schemas', () => {
  it('language must be de or en', () => {
    expect(languageInputSchema.parse({ language: 'en' })).toEqual({ language: 'en' });
    expect(languageInputSchema.safeParse({ language: '' }).error?.issues[0].message).toBe(
      'validation_language_invalid',
    );
  });
  it('user creation needs an id and a valid email', () => {
    expect(userCreateSchema.safeParse({ Id: 'uid', Email: 'a@b.de' }).success).toBe(true);
    expect(userCreateSchema.safeParse({ Id: '', Email: 'a@b.de' }).success).toBe(false);
    expect(userCreateSchema.safeParse({ Id: 'uid', Email: 'nope' }).success).toBe(false);
  });
  it('page query coerces strings and defaults to page 1 size 100', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, pageSize: 100 });
    expect(pageQuerySchema.parse({ page: '3', pageSize: '10' })).toEqual({ page: 3, pageSize: 10 });
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ pageSize: '1000' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: 'x' }).success).toBe(false);
  });
  it('limit/offset query', () => {
    expect(limitOffsetQuerySchema.parse({})).toEqual({ limit: 10, offset: 0 });
    expect(limitOffsetQuerySchema.parse({ limit: '20', offset: '40' })).toEqual({ limit: 20, offset: 40 });
    expect(limitOffsetQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
  });
});
