import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@phjr/contract/files/upload';
import { call, createTestApp, type TestApp, type Tokens, signIn, signInAs } from '../helpers.ts';
import { encodePng } from '../../src/seed/demo-images.ts';
import { insertUser } from '../../src/seed/factories.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { UPLOADS_PER_HOUR } from '../../src/modules/files/files.service.ts';

let t: TestApp;
let op: Tokens;
let person: Tokens;
let enterprise: Tokens;
const PNG = encodePng(8, 8, (x, y) => [x * 30, y * 30, 120]);

/** A multipart body with one part (a file unless `filename` is null). */
function multipart(filename: string | null, data: Buffer, field = 'file', type = 'application/octet-stream') {
  const boundary = `----phjr${randomBytes(8).toString('hex')}`;
  const disposition =
    filename === null ? `form-data; name="${field}"` : `form-data; name="${field}"; filename="${filename}"`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${type}\r\n\r\n`,
    'utf8',
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  tokens: Tokens | null,
  filename: string | null,
  data: Buffer,
  visibility?: 'PUBLIC' | 'PRIVATE',
  field = 'file',
) {
  const { payload, headers } = multipart(filename, data, field);
  return call(t.app, tokens, {
    method: 'POST',
    url: `/zscms/files/upload.json${visibility ? `?visibility=${visibility}` : ''}`,
    payload,
    headers,
  });
}

const view = (tokens: Tokens | null, id: string, extra = '') =>
  call(t.app, tokens, { method: 'GET', url: `/zscms/files/view.json?id=${id}${extra}` });
const fileCount = async () => Number((await t.database.pool.query('SELECT count(*)::int AS n FROM files')).rows[0].n);

/** A minimal zip archive (stored entries) with these entry names, like a docx or an xlsx. */
function zip(names: string[]) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const n = Buffer.from(name);
    const data = Buffer.from('<x/>');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

beforeAll(async () => {
  t = await createTestApp();
  [op, person, enterprise] = await Promise.all([
    signInAs(t.app, 'operator'),
    signInAs(t.app, 'person'),
    signInAs(t.app, 'enterprise'),
  ]);
});
afterAll(() => t.close());

describe('uploads', () => {
  it('stores a real PNG and serves it with safe headers', async () => {
    const res = await upload(op, '示范 横幅.png', PNG, 'PUBLIC');
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json().data;
    expect(f).toMatchObject({
      name: '示范 横幅.png',
      size: PNG.length,
      contentType: 'image/png',
      url: `/zscms/files/view.json?id=${f.id}`,
    });
    expect(f.id).toMatch(/^[A-Za-z0-9_-]{24,}$/);

    const v = await view(null, f.id);
    expect(v.statusCode).toBe(200);
    expect(Buffer.compare(v.rawPayload, PNG)).toBe(0);
    expect(v.headers['content-type']).toBe('image/png');
    expect(v.headers['x-content-type-options']).toBe('nosniff');
    expect(v.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(v.headers['content-disposition']).toBe(
      `inline; filename="__ __.png"; filename*=UTF-8''${encodeURIComponent('示范 横幅.png')}`,
    );
    expect(v.headers['cache-control']).toBe('public, max-age=86400');
    const dl = await view(null, f.id, '&download=1');
    expect(String(dl.headers['content-disposition'])).toMatch(/^attachment; /);
    expect(String((await view(null, f.id, '&download=0')).headers['content-disposition'])).toMatch(/^inline; /);
  });

  it('recognises the accepted types by content, whatever the name says', async () => {
    const cases: [string, Buffer, string][] = [
      ['photo.bin', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]), 'image/jpeg'],
      ['anim.txt', Buffer.concat([Buffer.from('GIF89a'), randomBytes(32)]), 'image/gif'],
      [
        'pic.webp',
        Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(32)]),
        'image/webp',
      ],
      ['报告.pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'application/pdf'],
      [
        '合同.docx',
        zip(['[Content_Types].xml', 'word/document.xml']),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      [
        '台账.xlsx',
        zip(['[Content_Types].xml', 'xl/workbook.xml']),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
    ];
    for (const [name, data, type] of cases) {
      const res = await upload(person, name, data);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json().data.contentType).toBe(type);
    }
    // Office files always download.
    const docx = (await upload(person, '合同.docx', zip(['word/document.xml']))).json().data;
    expect(String((await view(person, docx.id)).headers['content-disposition'])).toMatch(/^attachment; /);
  });

  it('refuses a renamed executable, a plain zip and an unknown type, and stores nothing', async () => {
    const before = await fileCount();
    const refused: [string, Buffer][] = [
      [
        'x.png',
        Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('This program cannot be run in DOS mode.')]),
      ],
      ['x.pdf', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(64)])],
      ['x.docx', zip(['payload/run.sh'])],
      ['x.jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      ['x.gif', Buffer.from('<html><script>alert(1)</script></html>')],
    ];
    for (const [name, data] of refused) {
      const res = await upload(op, name, data, 'PUBLIC');
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errorCode).toBe('FILE_TYPE_NOT_ALLOWED');
    }
    expect(await fileCount()).toBe(before);
  });

  it('refuses an oversize file with 413 and stores nothing', async () => {
    const before = await fileCount();
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - PNG.length)]);
    const res = await upload(op, 'big.png', big, 'PUBLIC');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'FILE_TOO_LARGE' });
    expect(await fileCount()).toBe(before);
    // Exactly the limit is fine.
    const max = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES - PNG.length)]);
    expect((await upload(op, 'max.png', max, 'PUBLIC')).statusCode).toBe(200);
  });

  it('refuses a name with a path or control characters', async () => {
    const before = await fileCount();
    for (const name of ['../../etc/passwd.png', '..\\\\a.png', 'a/b.png', 'C:\\\\x.png', '..', 'a\tb.png', 'a..png']) {
      const res = await upload(op, name, PNG);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errorCode, name).toBe('FILE_NAME_INVALID');
    }
    expect(await fileCount()).toBe(before);
  });

  it('refuses an upload without a file part, and a request that is not multipart', async () => {
    expect((await upload(op, 'x.png', PNG, undefined, 'other')).statusCode).toBe(400);
    expect((await upload(op, null, Buffer.from('text'))).statusCode).toBe(400);
    const json = await call(t.app, op, { method: 'POST', url: '/zscms/files/upload.json', payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
  });

  it('needs a session, and a content right for a PUBLIC file', async () => {
    const anon = await upload(null, 'x.png', PNG);
    expect(anon.statusCode).toBe(401);
    const pub = await upload(person, 'x.png', PNG, 'PUBLIC');
    expect(pub.statusCode).toBe(403);
    const govPub = await upload(await signInAs(t.app, 'gov'), 'x.png', PNG, 'PUBLIC');
    expect(govPub.statusCode).toBe(200);
    expect((await upload(person, 'x.png', PNG)).statusCode).toBe(200);
  });

  it('shows a PRIVATE file to its uploader and the platform only, like a missing id to anyone else', async () => {
    const f = (await upload(person, '身份证明.pdf', Buffer.from('%PDF-1.4\n'), 'PRIVATE')).json().data;
    const own = await view(person, f.id);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await view(op, f.id)).statusCode).toBe(200);
    const missing = await view(enterprise, randomBytes(24).toString('base64url'));
    expect(missing.statusCode).toBe(404);
    for (const other of [enterprise, await signInAs(t.app, 'bank'), null]) {
      const res = await view(other, f.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect((await view(null, 'short')).statusCode).toBe(400);
  });

  it(`limits each user to ${UPLOADS_PER_HOUR} uploads an hour, counted from the files table`, async () => {
    const username = `up${randomBytes(3).toString('hex')}`;
    const userId = await insertUser(t.database.db, {
      username,
      name: '上传测试',
      password: DEMO_PASSWORD,
      accountType: 'PERSON',
      roleCodes: ['PERSON'],
    });
    const tokens = await signIn(t.app, username);
    // 99 earlier uploads within the hour, one more than an hour ago.
    await t.database.pool.query(
      `INSERT INTO files (id, name, content_type, size, data, visibility, uploaded_by, created_at)
       SELECT md5(random()::text) || g, 'old.png', 'image/png', 1, '\\x00', 'PRIVATE', $1, now() - CASE WHEN g = 0 THEN interval '2 hours' ELSE interval '10 minutes' END
       FROM generate_series(0, $2) g`,
      [userId, UPLOADS_PER_HOUR - 1],
    );
    expect((await upload(tokens, 'x.png', PNG)).statusCode).toBe(200);
    const over = await upload(tokens, 'x.png', PNG);
    expect(over.statusCode).toBe(429);
    expect(over.json().errorCode).toBe('UPLOAD_LIMIT');
  });
});
