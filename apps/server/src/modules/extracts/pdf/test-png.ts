import { inflateSync } from 'node:zlib';

/**
 * A small PNG reader for the rendering test (pdftoppm's output: 8-bit greyscale, RGB or RGBA, not
 * interlaced): enough to count the pixels a page draws. No PNG library is installed.
 */
export interface Raster {
  width: number;
  height: number;
  /** Channels per pixel: 1 grey, 2 grey + alpha, 3 RGB, 4 RGBA. */
  channels: number;
  pixels: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

export function readPng(file: Buffer): Raster {
  if (!file.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('ascii', offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      channels = CHANNELS[body[9] ?? -1] ?? 0;
      if (depth !== 8 || channels === 0 || body[12] !== 0) throw new Error('unsupported PNG layout');
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      break;
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const source = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = pixels.subarray(y * stride, (y + 1) * stride);
    const previous = y === 0 ? Buffer.alloc(stride) : pixels.subarray((y - 1) * stride, y * stride);
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? (row[x - channels] ?? 0) : 0;
      const up = previous[x] ?? 0;
      const upLeft = x >= channels ? (previous[x - channels] ?? 0) : 0;
      const value = source[x] ?? 0;
      let decoded: number;
      switch (filter) {
        case 0:
          decoded = value;
          break;
        case 1:
          decoded = value + left;
          break;
        case 2:
          decoded = value + up;
          break;
        case 3:
          decoded = value + ((left + up) >> 1);
          break;
        case 4:
          decoded = value + paeth(left, up, upLeft);
          break;
        default:
          throw new Error(`unknown PNG filter ${filter}`);
      }
      row[x] = decoded & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/** The share (0..1) of pixels between rows `top` and `bottom` that are clearly not white. */
export function inkShare(raster: Raster, top = 0, bottom = raster.height): number {
  let ink = 0;
  let total = 0;
  const colourChannels = raster.channels >= 3 ? 3 : 1;
  for (let y = Math.max(0, top); y < Math.min(raster.height, bottom); y++) {
    for (let x = 0; x < raster.width; x++) {
      const at = (y * raster.width + x) * raster.channels;
      let darkest = 255;
      for (let c = 0; c < colourChannels; c++) darkest = Math.min(darkest, raster.pixels[at + c] ?? 255);
      if (darkest < 200) ink += 1;
      total += 1;
    }
  }
  return total === 0 ? 0 : ink / total;
}
