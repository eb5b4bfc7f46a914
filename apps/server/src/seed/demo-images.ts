import { deflateSync } from 'node:zlib';

/**
 * Cover pictures for the demo articles, drawn here (a soft gradient with round shapes and a horizon): the project's
 * own art, stored as real PNG files so the demo exercises the file view link like an upload would.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

type Rgb = [number, number, number];

/** An RGB PNG whose pixels come from `paint(x, y)`. */
export function encodePng(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      const o = y * row + 1 + x * 3;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as Rgb;

export const COVER_THEMES = {
  finance: { from: [22, 93, 255], to: [64, 169, 255], shape: [255, 255, 255], horizon: false },
  policy: { from: [165, 29, 45], to: [232, 96, 76], shape: [255, 214, 170], horizon: false },
  countryside: { from: [56, 158, 13], to: [183, 235, 143], shape: [255, 241, 184], horizon: true },
  chain: { from: [212, 107, 8], to: [255, 197, 61], shape: [255, 255, 255], horizon: true },
  tech: { from: [19, 52, 130], to: [19, 194, 194], shape: [173, 255, 255], horizon: false },
  city: { from: [83, 29, 171], to: [146, 84, 222], shape: [255, 255, 255], horizon: true },
} as const satisfies Record<string, { from: Rgb; to: Rgb; shape: Rgb; horizon: boolean }>;
export type CoverTheme = keyof typeof COVER_THEMES;

/** A 640×360 cover in the theme's colours. */
export function coverPng(theme: CoverTheme, width = 640, height = 360): Buffer {
  const t = COVER_THEMES[theme];
  const circles = [
    { cx: width * 0.78, cy: height * 0.3, r: height * 0.42, a: 0.18 },
    { cx: width * 0.9, cy: height * 0.78, r: height * 0.28, a: 0.12 },
    { cx: width * 0.12, cy: height * 0.15, r: height * 0.2, a: 0.1 },
  ];
  return encodePng(width, height, (x, y) => {
    let c = mix(t.from as Rgb, t.to as Rgb, (x / width) * 0.6 + (y / height) * 0.4);
    for (const k of circles) {
      const d = Math.hypot(x - k.cx, y - k.cy);
      if (d < k.r) c = mix(c, t.shape as Rgb, k.a * Math.min(1, (k.r - d) / 6));
    }
    if (t.horizon) {
      const hill = height * 0.78 + Math.sin((x / width) * Math.PI * 2.2) * height * 0.06;
      if (y > hill) c = mix(c, [255, 255, 255], 0.22);
    }
    return c;
  });
}
