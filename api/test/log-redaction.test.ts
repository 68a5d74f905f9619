import { createLoggedApp } from './logged-app';

describe('request logs', () => {
  it("carry no email address from the URL (?email=, ?userEmail=), and keep the route and the parameters' names", async () => {
    const { app, lines, close } = await createLoggedApp();
    try {
      for (const [method, url] of [
        ['GET', '/api/user?userEmail=a@b.de'],
        ['DELETE', '/api/user?email=a%40b.de'],
        ['GET', '/api/nowhere?email=a@b.de'],
      ] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
      }
    } finally {
      await close();
    }
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.req);
    expect(requestLines.length).toBeGreaterThanOrEqual(3);
    const all = lines.join('\n');
    expect(all).not.toMatch(/a@b\.de|a%40b\.de/);
    expect(requestLines.map((l) => l.req.url)).toEqual([
      '/api/user?userEmail=[redacted]',
      '/api/user?email=[redacted]',
      '/api/nowhere?email=[redacted]',
    ]);
  });
});
