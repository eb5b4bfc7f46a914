import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet writes for `options`, read once by running its middleware against a stand-in response. Only for
 * options without per-request parts (a CSP nonce function would be called once here): ours are all fixed values.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  let failure: unknown = null;
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)(
    {} as IncomingMessage,
    res as unknown as ServerResponse,
    (err?: unknown) => void (failure = err ?? null),
  );
  if (failure) throw failure;
  return headers;
}

/**
 * helmet's security headers (CSP, nosniff, frame and referrer policies...) on every reply, worked out once at start
 * and handed to Fastify's own headers. Run per request, helmet wrote each with Node's setHeader, which sent every reply
 * down Node's slow path of writeHead (merging Fastify's headers one by one, each validated twice): about 6 µs of a
 * list request's ~170 µs (issue 17). A route may still set its own header (files send a stricter CSP).
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
