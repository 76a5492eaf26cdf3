#!/usr/bin/env node
/**
 * Draws the brand's home-screen icons (web/public/brand/icon-192.png and
 * icon-512.png) from the favicon's design: the primary colour, full bleed (the
 * phone applies its own mask), and the white pulse line inside the central
 * safe zone. Pure Node (zlib for PNG's deflate), so it runs anywhere the repo
 * does: `node scripts/brand-icons.mjs [--color #d9485f]`.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deflateSync } from 'node:zlib';

const args = process.argv.slice(2);
const colorArg = args.includes('--color') ? args[args.indexOf('--color') + 1] : '#d9485f';
const hex = /^#([0-9a-f]{6})$/i.exec(colorArg ?? '')?.[1];
if (!hex) {
  console.error('--color needs a #rrggbb colour');
  process.exit(2);
}
const background = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));

// The favicon's path (viewBox 64): M10 34h10l5-11 8 22 6-15 3 4h12, stroke 5, round caps and joins.
const PULSE = [
  [10, 34],
  [20, 34],
  [25, 23],
  [33, 45],
  [39, 30],
  [42, 34],
  [54, 34],
];
const STROKE = 5;
// Shrunk around the centre so the line stays inside a maskable icon's safe zone (the inner 80% circle).
const SCALE = 0.72;

function distanceToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function onPulse(x, y) {
  for (let i = 1; i < PULSE.length; i++) if (distanceToSegment(x, y, PULSE[i - 1], PULSE[i]) <= STROKE / 2) return true;
  return false;
}

function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function icon(size) {
  const samples = 4;
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      let white = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          // Pixel sample → favicon coordinates, scaled around the centre (32, 32).
          const u = 32 + (((x + (sx + 0.5) / samples) / size) * 64 - 32) / SCALE;
          const v = 32 + (((y + (sy + 0.5) / samples) / size) * 64 - 32) / SCALE;
          if (onPulse(u, v)) white++;
        }
      }
      const share = white / (samples * samples);
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.round(background[c] * (1 - share) + 255 * share);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = resolve(import.meta.dirname, '..', 'web', 'public', 'brand');
for (const size of [192, 512]) {
  const file = resolve(dir, `icon-${size}.png`);
  writeFileSync(file, icon(size));
  console.log(`wrote ${file}`);
}
