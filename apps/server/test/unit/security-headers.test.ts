import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, securityHeaders } from '../../src/plugins/security-headers.ts';

const options = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"] } },
  strictTransportSecurity: false,
};

describe('security headers', () => {
  it('are the headers helmet writes, read once', () => {
    const headers = helmetHeaders(options);
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(Object.keys(headers).every((k) => k === k.toLowerCase())).toBe(true);
  });

  it("go out as Fastify's headers, never through Node's setHeader (which sends every reply down writeHead's slow path)", async () => {
    const app = Fastify();
    securityHeaders(app, options);
    app.get('/raw', async (_req, reply) => ({ raw: reply.raw.getHeaderNames() }));
    app.get('/own', async (_req, reply) => reply.header('content-security-policy', "default-src 'none'").send({}));
    const raw = await app.inject('/raw');
    expect(raw.json()).toEqual({ raw: [] });
    expect(raw.headers['x-frame-options']).toBe('SAMEORIGIN');
    // A route may still set its own.
    expect((await app.inject('/own')).headers['content-security-policy']).toBe("default-src 'none'");
    await app.close();
  });
});
