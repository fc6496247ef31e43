import { openSync, readSync, closeSync } from 'node:fs';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * Intrinsic size of an SVG, PNG or JPEG, read from the file's first bytes, so every <img> gets
 * width and height and the page does not shift as images load. Undefined when it cannot be read.
 */
export function readImageSize(file: string): ImageSize | undefined {
  let head: Buffer;
  try {
    const fd = openSync(file, 'r');
    head = Buffer.alloc(64 * 1024);
    const length = readSync(fd, head, 0, head.length, 0);
    closeSync(fd);
    head = head.subarray(0, length);
  } catch {
    return undefined;
  }
  if (file.endsWith('.svg')) return svgSize(head.toString('utf8'));
  if (head.readUInt32BE(0) === 0x89504e47) return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  if (head[0] === 0xff && head[1] === 0xd8) return jpegSize(head);
  return undefined;
}

function svgSize(text: string): ImageSize | undefined {
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0] ?? '';
  const width = Number(/\swidth="([\d.]+)(px)?"/.exec(tag)?.[1]);
  const height = Number(/\sheight="([\d.]+)(px)?"/.exec(tag)?.[1]);
  if (width && height) return { width, height };
  const box = /viewBox="[\d.-]+[ ,]+[\d.-]+[ ,]+([\d.]+)[ ,]+([\d.]+)"/.exec(tag);
  return box ? { width: Number(box[1]), height: Number(box[2]) } : undefined;
}

function jpegSize(data: Buffer): ImageSize | undefined {
  let offset = 2;
  while (offset + 9 < data.length) {
    const marker = data[offset + 1]!;
    const length = data.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}
