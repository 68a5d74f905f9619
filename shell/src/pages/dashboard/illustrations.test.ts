import { illustrationUrl } from './illustrations';

describe('illustrationUrl', () => {
  it("maps a registry key to the shell's own picture and keeps a registry URL", () => {
    expect(illustrationUrl('magic_matrix', '/remotes/mfe-x/card.svg')).toBe('test-file-stub');
    expect(illustrationUrl('https://cdn.test/x.svg', '/remotes/mfe-x/card.svg')).toBe('https://cdn.test/x.svg');
    expect(illustrationUrl('/pictures/x.svg')).toBe('/pictures/x.svg');
  });

  it("falls back to the remote's own picture when the registry names none or nothing the shell has", () => {
    expect(illustrationUrl(undefined, '/remotes/mfe-x/card.svg')).toBe('/remotes/mfe-x/card.svg');
    expect(illustrationUrl('', '/remotes/mfe-x/card.svg')).toBe('/remotes/mfe-x/card.svg');
    expect(illustrationUrl('fresh_desk', '/remotes/mfe-freshdesk/card.svg')).toBe('/remotes/mfe-freshdesk/card.svg');
    expect(illustrationUrl('unknown')).toBeUndefined();
  });
});
