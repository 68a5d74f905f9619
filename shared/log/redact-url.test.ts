import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it("redacts the values of the api's email parameters, whatever they hold", () => {
    expect(redactUrl('/api/user?userEmail=a%40b.de')).toBe('/api/user?userEmail=[redacted]');
    expect(redactUrl('/api/user?email=a@b.de&x=1')).toBe('/api/user?email=[redacted]&x=1');
    expect(redactUrl('/api/invoice/pdf/7?lang=de&email=not-an-address')).toBe(
      '/api/invoice/pdf/7?lang=de&email=[redacted]',
    );
  });
  it('redacts email-named keys however they are spelled or encoded', () => {
    expect(redactUrl('/api/user?EMAIL=a@b.de')).toBe('/api/user?EMAIL=[redacted]');
    expect(redactUrl('/api/user?%65mail=x')).toBe('/api/user?%65mail=[redacted]');
    expect(redactUrl('/api/user?contact_e-mail=x&email[]=y')).toBe(
      '/api/user?contact_e-mail=[redacted]&email[]=[redacted]',
    );
  });
  it('redacts an address under any other name, as a bare key, or in the path', () => {
    expect(redactUrl('/api/x?q=a%40b.de&page=2')).toBe('/api/x?q=[redacted]&page=2');
    expect(redactUrl('/api/x?a@b.de')).toBe('/api/x?[redacted]');
    expect(redactUrl('/api/users/a@b.de/licenses')).toBe('/api/users/[redacted]/licenses');
    expect(redactUrl('/api/x?q=a%4')).toBe('/api/x?q=a%4');
  });
  it('leaves URLs without an address as they are', () => {
    for (const url of ['/api/health', '/api/licenses?page=2&sort=name', '/api/x?name=J%C3%BCrgen', '/api/mailbox']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
