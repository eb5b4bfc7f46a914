import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type Tokens, signInAs } from '../helpers.ts';
import { articleInput, get, post, publishedArticle, q } from './content-helpers.ts';

/**
 * Stored XSS cannot reach readers: known payloads go in through the article and agreement saves and are read back
 * through every reading call; nothing executable survives, while the allowed markup does.
 */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<script>/* unclosed',
  '<img src=x onerror=alert(1)>',
  '<img src="/ok.png" onerror="alert(1)">',
  '<IMG SRC="/ok.png" OnErRoR="alert(1)">',
  '<img src=x onerror=alert(1)//',
  '<img src="x" alt="&quot; onerror=&quot;alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<a href="javascript:alert(1)">link</a>',
  '<a href="JaVaScRiPt:alert(1)">link</a>',
  '<a href="java&#x09;script:alert(1)">link</a>',
  '<a href="java&#x0A;script:alert(1)">link</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">link</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">link</a>',
  '<a href="  javascript:alert(1)">link</a>',
  '<a href="javascript:alert(1)"',
  '<a href="vbscript:msgbox(1)">link</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">link</a>',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="evil.swf"></object>',
  '<embed src="evil.swf">',
  '<p style="width: expression(alert(1))">styled</p>',
  '<span style="background:url(javascript:alert(1))">styled</span>',
  '<p style="text-align:center;behavior:url(x.htc)">centred</p>',
  '<table><tr><td onmouseover="alert(1)">cell</td><th onclick=alert(1)>head</th></tr></table>',
  '<form action="https://evil.example"><button formaction="javascript:alert(1)">go</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<style>@import "javascript:alert(1)";</style>',
  '<link rel=stylesheet href=javascript:alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<a href="/ok" target="_top" onclick="alert(1)">relative</a>',
  '<div onmouseenter=alert(1)>div</div><marquee onstart=alert(1)>m</marquee>',
  '<template><script>alert(1)</script></template>',
  '<!--<img src=x onerror=alert(1)>-->',
];

const FORBIDDEN_TEXT = [
  /<script/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<svg/i,
  /<math/i,
  /<style/i,
  /<link/i,
  /<meta/i,
  /<base/i,
  /<form/i,
  /<input/i,
  /<button/i,
  /javascript:/i,
  /vbscript:/i,
  /data:text\/html/i,
  /data:image\/svg/i,
  /srcdoc/i,
  /formaction/i,
  /expression\(/i,
];
const ALLOWED_ATTRS = new Set([
  'href',
  'title',
  'target',
  'rel',
  'src',
  'alt',
  'width',
  'height',
  'colspan',
  'rowspan',
  'style',
]);

/** Every string in a JSON answer. */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(strings);
  return [];
}

const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ':');

/** Problems found in one answer: forbidden text anywhere, and any tag attribute outside the allowlist. */
function problems(answer: unknown): string[] {
  const found: string[] = [];
  for (const s of strings(answer)) {
    for (const re of FORBIDDEN_TEXT) if (re.test(s)) found.push(`${re} in ${s.slice(0, 160)}`);
    for (const tag of s.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)) {
      for (const attr of tag[2].matchAll(/([^\s="'/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
        const name = attr[1].toLowerCase();
        const value = decode((attr[2] ?? '').replace(/^["']|["']$/g, ''))
          .replace(URL_IGNORED, '')
          .toLowerCase();
        if (name.startsWith('on') || !ALLOWED_ATTRS.has(name)) found.push(`attribute ${name} in <${tag[1]}>`);
        if ((name === 'href' || name === 'src') && !/^(https?:|mailto:|\/(?!\/)|[a-z0-9._-]+(?:[/?#]|$))/.test(value))
          found.push(`${name}="${value}" in <${tag[1]}>`);
        if (name === 'style' && !/^text-align:(left|right|center|justify);?$/.test(value))
          found.push(`style="${value}"`);
      }
    }
  }
  return found;
}

let t: TestApp;
let op: Tokens;
const tag = `X${Math.random().toString(36).slice(2, 8)}`;
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  op = await signInAs(t.app, 'operator');
  for (const [i, payload] of PAYLOADS.entries()) {
    const id = await publishedArticle(
      t.app,
      op,
      articleInput(`XSS ${i} ${tag} ${payload}`, {
        channel: 'chain',
        body: `<p>正文 ${i}</p>${payload}<p>结尾</p>`,
        summary: `摘要 ${payload}`,
        source: `来源 ${payload}`.slice(0, 60),
        author: '作者',
      }),
    );
    ids.push(id);
  }
});
afterAll(() => t.close());

// Spaces and control characters, which browsers ignore inside a URL's scheme (`java\tscript:`).
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const URL_IGNORED = /[\s\u0000-\u001f]/g;

describe('stored XSS', () => {
  it('survives in none of the reading calls of articles', async () => {
    const found: string[] = [];
    for (const [i, id] of ids.entries()) {
      for (const url of [`/article/api/portal/detail.json?id=${id}`, `/article/api/chain/detail?id=${id}`]) {
        const res = await get(t.app, null, url);
        expect(res.statusCode, `${url} (payload ${i})`).toBe(200);
        found.push(...problems(res.json()).map((p) => `payload ${i} ${url}: ${p}`));
      }
      const adminRes = await get(t.app, op, `/article/api/admin/detail.json?id=${id}`);
      found.push(...problems(adminRes.json()).map((p) => `payload ${i} admin: ${p}`));
    }
    for (const url of [
      `/article/api/portal/page.json?${q({ channel: 'chain', keyword: tag, pageSize: 100 })}`,
      `/article/api/chain/pageData?${q({ keyword: tag, pageSize: 100 })}`,
    ]) {
      const res = await get(t.app, null, url);
      expect(res.json().data.total).toBe(PAYLOADS.length);
      found.push(...problems(res.json()).map((p) => `${url}: ${p}`));
    }
    const adminPage = await get(t.app, op, `/article/api/admin/page.json?${q({ keyword: tag, pageSize: 100 })}`);
    found.push(...problems(adminPage.json()).map((p) => `admin page: ${p}`));
    expect(found).toEqual([]);
  });

  it('survives in none of the agreements', async () => {
    const saved = await post(t.app, op, '/zscms/agreement/save.json', {
      kind: 'PRIVACY',
      title: `隐私政策 <script>alert(1)</script>`,
      body: `<p>条款</p>${PAYLOADS.join('<p>—</p>')}`,
    });
    expect(saved.statusCode).toBe(200);
    const latest = await get(t.app, null, '/zscms/agreement/latest.json?kind=PRIVACY');
    expect(latest.json().data.version).toBe(saved.json().data.version);
    expect(problems(saved.json())).toEqual([]);
    expect(problems(latest.json())).toEqual([]);
    expect(problems((await get(t.app, op, '/zscms/agreement/versions.json?kind=PRIVACY')).json())).toEqual([]);
  });

  it('keeps the allowed markup', async () => {
    const body = [
      '<h3>一、表格</h3>',
      '<table><thead><tr><th colspan="2">项目</th></tr></thead><tbody><tr><td rowspan="2">额度</td><td>500万元</td></tr></tbody></table>',
      '<p style="text-align: center"><strong>加粗</strong> <em>强调</em> <u>下划线</u> <s>删除</s></p>',
      '<figure><img src="/zscms/files/view.json?id=abcdefghijklmnopqrstuvwx" alt="封面" width="640" height="360"><figcaption>图注</figcaption></figure>',
      '<p><a href="https://www.example.gov.cn/policy" target="_blank">政策原文</a> <a href="/news">站内</a> <a href="mailto:service@example.gov.cn">邮件</a></p>',
      '<ol><li>一</li><li>二</li></ol><ul><li>甲</li></ul><blockquote>引用</blockquote><hr>',
    ].join('');
    const id = await publishedArticle(t.app, op, articleInput(`允许的标记 ${tag}`, { channel: 'chain', body }));
    const a = (await get(t.app, null, `/article/api/portal/detail.json?id=${id}`)).json().data;
    expect(problems(a)).toEqual([]);
    for (const kept of [
      '<h3>一、表格</h3>',
      '<th colspan="2">项目</th>',
      '<td rowspan="2">额度</td>',
      '<p style="text-align:center"><strong>加粗</strong> <em>强调</em> <u>下划线</u> <s>删除</s></p>',
      '<img src="/zscms/files/view.json?id=abcdefghijklmnopqrstuvwx" alt="封面" width="640" height="360" />',
      '<figcaption>图注</figcaption>',
      '<a href="https://www.example.gov.cn/policy" target="_blank" rel="noopener noreferrer">政策原文</a>',
      '<a href="/news" rel="noopener noreferrer">站内</a>',
      '<a href="mailto:service@example.gov.cn" rel="noopener noreferrer">邮件</a>',
      '<blockquote>引用</blockquote>',
    ]) {
      expect(a.body).toContain(kept);
    }
  });

  it('really catches an unsafe answer (the checker itself)', () => {
    expect(problems({ body: '<img src="x" onerror="alert(1)">' })).not.toEqual([]);
    expect(problems({ body: '<a href="java&#x09;script:alert(1)">x</a>' })).not.toEqual([]);
    expect(problems({ body: '<p style="color:red">x</p>' })).not.toEqual([]);
    expect(
      problems({ body: '<p style="text-align:center">x</p><img src="/a.png" alt="&quot; onerror=&quot;x" />' }),
    ).toEqual([]);
  });
});
