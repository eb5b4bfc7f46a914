import type { FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { Random } from './random.ts';
import { pathsOf, REMOVE, sample, setAt } from './samples.ts';

/** One malformed request: what was sent, and which kind of damage it carries (for the report). */
export interface FuzzRequest {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface FuzzRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
}

// Placeholders replaced in the JSON text: values JSON.stringify cannot write (or writes too slowly).
const PROTO = '@@fuzz-proto@@';
const DEEP_ARRAY = '@@fuzz-deep-array@@';
const DEEP_OBJECT = '@@fuzz-deep-object@@';
const RAW_NUMBER = '@@fuzz-raw-number@@';
const quoted = (p: string) => JSON.stringify(p);

const RAW_NUMBERS = [
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '-0',
  '1E+308',
  '0.0000000000000000000000001',
  '2147483648',
  '-2147483649',
  '9007199254740993',
];
const POLLUTION =
  '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}}';

const C0 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i));

/** Values that break a field: wrong types, NUL and control characters, huge numbers and strings, odd text. */
function badValue(rnd: Random): unknown {
  switch (rnd.int(12)) {
    case 0:
      return rnd.pick(['a\u0000b', '\u0000', 'user\u0000name', '%00', '\\u0000']);
    case 1:
      return `x${rnd.pick(C0)}y${rnd.pick(C0)}`;
    case 2:
      return rnd.pick([
        2147483648,
        2147483647,
        -2147483649,
        2 ** 53,
        1e308,
        -1e308,
        -1,
        0,
        1.5,
        1e-7,
        4294967296,
        100001,
      ]);
    case 3:
      return rnd.pick([
        '2147483648',
        '99999999999999999999999',
        '1e400',
        '-0',
        'NaN',
        'Infinity',
        '0x10',
        ' 1 ',
        '-1',
        '1.5',
        '',
      ]);
    case 4:
      return rnd.pick([true, false, null, {}, [], [[[]]], [1, 2, 3], { a: 1 }, [{ a: [] }]]);
    case 5:
      return rnd.pick(['x'.repeat(70_000), '中'.repeat(30_000), 'a,'.repeat(20_000), '1,'.repeat(30_000) + '1']);
    case 6:
      return rnd.pick([
        '\ud800',
        '\udfff',
        'a\ud83d',
        '\u202e\u2028\u2029\ufeff',
        '😀'.repeat(100),
        '\u00a0',
        '\uffff',
        '\u{10ffff}',
      ]);
    case 7:
      return rnd.pick([
        "' OR 1=1 --",
        '${7*7}{{7*7}}',
        '../../../../etc/passwd',
        '%',
        '<script>alert(1)</script>',
        '=cmd|"/c calc"!A1',
        '\\',
        '"',
      ]);
    case 8:
      return rnd.pick([
        '9999-99-99',
        '0000-00-00',
        '2026-02-30',
        '1900-01-01',
        '0001-01-01',
        '20260115',
        '2026-1-1',
        '99999-01-01',
        '2026-13-01',
        '2026-00-10',
      ]);
    case 9:
      return rnd.pick([
        'http://evil.example/',
        'javascript:alert(1)',
        '//evil.example',
        'http://localhost:3000@evil.example/',
        'http://[::1',
        'http://localhost:99999/',
      ]);
    case 10:
      return rnd.pick([PROTO, DEEP_ARRAY, DEEP_OBJECT, RAW_NUMBER]);
    default:
      return rnd.pick([-1, 0, 'ACTIVE', 'x'.repeat(65), 'x'.repeat(2001), 99999, 1e21]);
  }
}

/** JSON text with the placeholders expanded. */
function toJson(value: unknown, rnd: Random): string {
  let text = JSON.stringify(value) ?? 'null';
  const depth = rnd.pick([64, 500, 5_000, 100_000]);
  text = text.replaceAll(quoted(PROTO), POLLUTION);
  text = text.replaceAll(quoted(DEEP_ARRAY), '['.repeat(depth) + ']'.repeat(depth));
  text = text.replaceAll(
    quoted(DEEP_OBJECT),
    '{"a":'.repeat(Math.min(depth, 50_000)) + '1' + '}'.repeat(Math.min(depth, 50_000)),
  );
  text = text.replaceAll(quoted(RAW_NUMBER), () => rnd.pick(RAW_NUMBERS));
  return text;
}

/** encodeURIComponent, also for lone surrogates (sent as the bytes Node would write for them). */
function enc(s: string) {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

/** A flat query string: arrays repeat the key, objects become key[sub]=... */
function toQuery(value: unknown, rnd: Random): string {
  if (value === null || typeof value !== 'object') return `q=${encodeURIComponent(String(value))}`;
  const parts: string[] = [];
  const add = (k: string, v: unknown) => {
    if (Array.isArray(v)) v.forEach((x) => add(k, x));
    else if (v !== null && typeof v === 'object') Object.entries(v).forEach(([s, x]) => add(`${k}[${s}]`, x));
    else parts.push(`${enc(k)}=${enc(v === null ? '' : v === PROTO ? '__proto__' : String(v))}`);
  };
  Object.entries(value).forEach(([k, v]) => add(k, v));
  if (rnd.chance(0.05)) parts.push('__proto__[polluted]=yes', 'constructor[prototype][polluted]=yes');
  return parts.join('&');
}

function schemaPart(route: FuzzRoute, part: 'body' | 'querystring' | 'params'): unknown {
  return (route.schema as Record<string, unknown> | undefined)?.[part];
}

/**
 * Damages a near-valid value until its schema refuses it (a damage can happen to be valid: an empty array, a
 * removed optional field), so that the run sends malformed requests, not valid changes to the demo data.
 */
function damage(value: unknown, rnd: Random, schema: unknown): { kind: string; value: unknown } {
  let d = damageOnce(value, rnd);
  for (let i = 0; i < 4 && schema && (schema as z.ZodType).safeParse(d.value).success; i++)
    d = damageOnce(d.value, rnd);
  if (schema && (schema as z.ZodType).safeParse(d.value).success) return { kind: 'root-type', value: [d.value] };
  return d;
}

/** Damages one field of a near-valid value (or the value as a whole). */
function damageOnce(value: unknown, rnd: Random): { kind: string; value: unknown } {
  const paths = pathsOf(value);
  const roll = rnd.int(10);
  if (paths.length && roll < 6) {
    const path = rnd.pick(paths);
    setAt(value, path, badValue(rnd));
    return { kind: 'field', value };
  }
  if (paths.length && roll < 7) {
    setAt(value, rnd.pick(paths), REMOVE);
    return { kind: 'missing', value };
  }
  if (roll < 8 && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    (value as Record<string, unknown>)[
      rnd.pick(['admin', 'isAdmin', 'role', 'userId', 'x'.repeat(300), 'a\u0000b', '__proto__'])
    ] = badValue(rnd);
    return { kind: 'unknown-field', value };
  }
  if (roll < 9) return { kind: 'proto', value: PROTO };
  return { kind: 'root-type', value: rnd.pick([[value], 'text', 42, null, true, DEEP_ARRAY, DEEP_OBJECT, [[value]]]) };
}

function pathWith(route: FuzzRoute, params: Record<string, unknown>) {
  return route.url.replace(/:(\w+)/g, (_, p: string) => enc(String(params[p] ?? '1')));
}

function multipartBody(rnd: Random) {
  const boundary = `----fuzz${rnd.int(1e9)}`;
  const name = rnd.pick([
    'a.png',
    'a\u0000.png',
    '../../etc/passwd',
    '中文.xlsx',
    'x'.repeat(5000) + '.pdf',
    '',
    'a\r\nb.png',
    '.xlsx',
  ]);
  const field = rnd.pick(['file', 'files', '', 'file\u0000']);
  const data = rnd.chance(0.5) ? rnd.bytes(rnd.int(3000)) : Buffer.from('\x89PNG\r\n\x1a\n' + 'x'.repeat(rnd.int(100)));
  const parts = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="dryRun"\r\n\r\n${rnd.pick(['true', 'x\u0000', ''])}\r\n`,
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${rnd.pick(['image/png', 'application/octet-stream', 'text/html', ''])}\r\n\r\n`,
    ),
    data,
    Buffer.from(rnd.chance(0.8) ? `\r\n--${boundary}--\r\n` : '\r\n--'),
  ];
  return {
    payload: Buffer.concat(parts),
    contentType: rnd.pick([
      `multipart/form-data; boundary=${boundary}`,
      'multipart/form-data',
      `multipart/form-data; boundary=other`,
    ]),
  };
}

const BAD_JSON = [
  '{"a":',
  '{"a":1}}',
  "{'a':1}",
  'NaN',
  '\u0000',
  '{"a":1,}',
  '[',
  '"unterminated',
  '{"a":"\\u00"}',
  '\ufeff{}',
  '{"__proto__":1}',
  'null',
  '',
  ' ',
  '{"a":1}{"b":2}',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/octet-stream',
  'application/vnd.api+json',
  'application/json, text/html',
  '*/*',
  ';;;',
];

/** One malformed request for a route. */
export function malformedRequest(route: FuzzRoute, rnd: Random): FuzzRequest {
  const headers: Record<string, string> = {};
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const bodySchema = schemaPart(route, 'body');
  const querySchema = schemaPart(route, 'querystring');
  const paramsSchema = schemaPart(route, 'params');
  const body = bodySchema ? sample(bodySchema, rnd) : {};
  const query = querySchema ? sample(querySchema, rnd) : {};
  const params = (paramsSchema ? sample(paramsSchema, rnd) : {}) as Record<string, unknown>;

  const parts = [
    ...(hasBody ? ['body'] : []),
    ...(querySchema || !hasBody ? ['query'] : []),
    ...(paramsSchema ? ['params'] : []),
  ];
  const roll = rnd.int(100);
  let kind: string;
  let payload: string | Buffer | undefined;
  let queryText = toQuery(query, rnd);
  let path = pathWith(route, params);

  if (roll < 55) {
    // One field (or the whole value) of one part broken; the other parts stay near-valid.
    const part = rnd.pick(parts);
    if (part === 'body') {
      const d = damage(body, rnd, bodySchema);
      kind = `body:${d.kind}`;
      payload = toJson(d.value, rnd);
      headers['content-type'] = 'application/json';
    } else if (part === 'query') {
      const d = damage(query, rnd, querySchema);
      kind = `query:${d.kind}`;
      queryText = toQuery(d.value, rnd);
    } else {
      const d = damage(params, rnd, paramsSchema);
      kind = `params:${d.kind}`;
      path = pathWith(route, (d.value ?? {}) as Record<string, unknown>);
    }
  } else if (roll < 65) {
    kind = 'raw-body';
    payload = rnd.pick([
      () => rnd.bytes(rnd.int(2000)),
      () => rnd.pick(BAD_JSON),
      () => '['.repeat(rnd.pick([1000, 200_000])),
      () => '{"a":'.repeat(rnd.pick([1000, 100_000])),
      () => Buffer.alloc(1_100_000, 'a'),
    ])();
    headers['content-type'] = rnd.pick(CONTENT_TYPES);
  } else if (roll < 73) {
    kind = 'content-type';
    headers['content-type'] = rnd.pick(CONTENT_TYPES);
    payload = headers['content-type'] === 'application/x-www-form-urlencoded' ? toQuery(body, rnd) : toJson(body, rnd);
  } else if (roll < 79) {
    kind = 'form';
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const d = damage(body, rnd, bodySchema);
    payload =
      toQuery(d.value, rnd) + rnd.pick(['', '&a[b][c]=1', '&__proto__[polluted]=yes', '&%=%', '&x=%E0%A4%A', '&a=%00']);
  } else if (roll < 84) {
    kind = 'multipart';
    const m = multipartBody(rnd);
    headers['content-type'] = m.contentType;
    payload = m.payload;
  } else if (roll < 92) {
    kind = 'query-raw';
    queryText = rnd.pick([
      () => 'a=1&'.repeat(20_000),
      () => `${'k'.repeat(50_000)}=1`,
      () => `${queryText}&${queryText}`,
      () => 'x=%E0%A4%A&y=%',
      () => '__proto__[polluted]=yes&constructor[prototype][polluted]=yes&__proto__=x',
      () =>
        `current=${rnd.pick(['1e400', '99999999999', '-5', '0', 'abc', '1.5', '%00'])}&pageSize=${rnd.pick(['1000000', '-1', '0', 'x'])}`,
      () =>
        Object.keys(query as object)
          .map((k) => `${k}=%00&${k}[]=1&${k}[a]=b`)
          .join('&') || 'id=%00',
      () => `${queryText}&${rnd.pick(['id', 'userId', 'keyword', 'name'])}=${enc(String(badValue(rnd)))}`,
    ])();
  } else if (roll < 96) {
    kind = 'path';
    path = rnd.pick([
      () =>
        route.url.replace(/:(\w+)/g, () =>
          rnd.pick(['%00', '%E0%A4%A', '..%2F..%2Fetc', 'x'.repeat(5000), '%2e%2e', '\u4e2d']),
        ),
      () => `${path}${rnd.pick(['%00', '/..', '//', '?', '#x', ';jsessionid=1', '%2F'])}`,
      () => path.replace(/\.json$/, rnd.pick(['.JSON', '.json%00', '.json/'])),
    ])();
  } else {
    kind = 'header';
    const junk = rnd.pick([
      'x'.repeat(10_000),
      'Bearer abc',
      'null',
      'undefined',
      '../../',
      'a,b',
      ' ',
      '%00',
      "' OR 1=1 --",
      '中文',
    ]);
    Object.assign(
      headers,
      rnd.pick([
        { satoken: junk },
        { cookie: `phjr_sso=${encodeURIComponent(junk)}` },
        { 'content-type': junk },
        { accept: junk },
        { 'accept-language': junk },
        { origin: rnd.pick(['null', junk, 'https://evil.example', 'http://localhost:3000.evil.example']) },
        { referer: rnd.pick([junk, 'https://evil.example/page', 'http://localhost:3000/home']) },
        { 'x-forwarded-for': rnd.pick([junk, '1.2.3.4', '::1, 10.0.0.1']) },
      ]),
    );
    if (hasBody) payload = toJson(body, rnd);
    if (hasBody && !headers['content-type']) headers['content-type'] = 'application/json';
  }

  if (!hasBody && rnd.chance(0.05)) {
    // A body on a GET.
    payload = toJson(body, rnd);
    headers['content-type'] = 'application/json';
  }
  return { kind, method: route.method, url: queryText ? `${path}?${queryText}` : path, headers, payload };
}
