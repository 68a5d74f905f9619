import { languageInputSchema, userCreateSchema, verifyReminderInputSchema } from './api-inputs';

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
  it('verify reminder must be a boolean', () => {
    expect(verifyReminderInputSchema.parse({ verifyReminder: false })).toEqual({ verifyReminder: false });
    expect(verifyReminderInputSchema.safeParse({ verifyReminder: 'yes' }).error?.issues[0].message).toBe(
      'validation_verifyReminder_invalid',
    );
  });
});
