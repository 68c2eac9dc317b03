import { crc32, deflateSync } from 'node:zlib';

type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A truecolour PNG drawn pixel by pixel; small enough to make at seed time with zlib alone. */
export function png(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const at = row + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const TEE: [number, number][] = [
  [0.3, 0.12],
  [0.4, 0.1],
  [0.45, 0.16],
  [0.55, 0.16],
  [0.6, 0.1],
  [0.7, 0.12],
  [0.93, 0.3],
  [0.83, 0.43],
  [0.75, 0.37],
  [0.75, 0.9],
  [0.25, 0.9],
  [0.25, 0.37],
  [0.17, 0.43],
  [0.07, 0.3],
];

function inside(polygon: [number, number][], x: number, y: number): boolean {
  let hit = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

const shade = ([r, g, b]: Rgb, f: number): Rgb => [Math.round(r * f), Math.round(g * f), Math.round(b * f)];

const BACKGROUND = 0;
const OUTLINE = 1;
const BODY = 2;
const silhouettes = new Map<number, Uint8Array>();

/** Which pixels of a `size` square are the T-shirt's body, its outline or the background: the same for every colour. */
function silhouette(size: number): Uint8Array {
  let mask = silhouettes.get(size);
  if (!mask) {
    mask = new Uint8Array(size * size);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const u = x / size;
        const v = y / size;
        if (!inside(TEE, u, v)) continue;
        const outline = [0.012, -0.012].some((d) => !inside(TEE, u + d, v) || !inside(TEE, u, v + d));
        mask[y * size + x] = outline ? OUTLINE : BODY;
      }
    silhouettes.set(size, mask);
  }
  return mask;
}

/** A T-shirt silhouette in the variant's colour on a light background. */
export function teeImage(colour: string, size = 240): Buffer {
  const fill = hexToRgb(colour);
  const background: Rgb = [243, 244, 246];
  const outline = shade(fill, 0.6);
  const mask = silhouette(size);
  return png(size, size, (x, y) => {
    const part = mask[y * size + x];
    if (part === BACKGROUND) return background;
    return part === OUTLINE ? outline : shade(fill, 1 - (y / size) * 0.25);
  });
}

/** A diagonal two-colour gradient with soft stripes, for banners and blog pictures. */
export function gradientImage(from: string, to: string, width: number, height: number): Buffer {
  const a = hexToRgb(from);
  const b = hexToRgb(to);
  // The stripes run along the diagonals: one factor per x + y.
  const stripes = Array.from({ length: width + height }, (_, sum) => (Math.sin(sum / 18) > 0.6 ? 0.92 : 1));
  return png(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    return shade([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t], stripes[x + y]!);
  });
}
