import { illustrationUrl } from './illustrations';

describe('illustrationUrl', () => {
  it('maps registry keys to the shell assets', () => {
    expect(illustrationUrl('fresh_desk', 'fresh_desk')).toBe('test-file-stub');
    expect(illustrationUrl('magic_matrix', 'magic_matrix')).toBe('test-file-stub');
  });

  it("falls back to the plugin's own illustration for an unknown value, then to a URL", () => {
    expect(illustrationUrl('/illustrations/freshdesk.svg', 'fresh_desk')).toBe('test-file-stub');
    expect(illustrationUrl('https://cdn.test/x.svg', 'mobile_default')).toBe('https://cdn.test/x.svg');
    expect(illustrationUrl('unknown', 'mobile_default')).toBeUndefined();
  });
});
