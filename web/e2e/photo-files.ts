/**
 * Files the journeys upload, made on the spot: a photo drawn on the page's canvas, and a ZIP of
 * files (written by Python's zipfile: the machine that runs the journeys has Python, and Node
 * has no ZIP writer of its own).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** A photo drawn on a canvas in the page: stripes of `hue` and a circle, as JPEG or PNG bytes. */
export async function drawPhoto(
  page: Page,
  type: 'image/jpeg' | 'image/png',
  width: number,
  height: number,
  hue: number,
): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ type, width, height, hue }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      for (let x = 0; x < width; x += 20) {
        context.fillStyle = `hsl(${hue + (x % 60)}, 70%, ${40 + (x % 40)}%)`;
        context.fillRect(x, 0, 20, height);
      }
      context.fillStyle = '#fff';
      context.beginPath();
      context.arc(width / 2, height / 2, height / 4, 0, Math.PI * 2);
      context.fill();
      return canvas.toDataURL(type, 0.9).split(',')[1] ?? '';
    },
    { type, width, height, hue },
  );
  return Buffer.from(base64, 'base64');
}

/** A ZIP holding `files` under their names (folders allowed), deflated. */
export function zipOf(files: { name: string; buffer: Buffer }[]): Buffer {
  const folder = mkdtempSync(join(tmpdir(), 'e2e-zip-'));
  try {
    const out = join(folder, 'out.zip');
    const pairs = files.flatMap((file, index) => {
      const path = join(folder, `part-${index}`);
      writeFileSync(path, file.buffer);
      return [file.name, path];
    });
    const script =
      'import sys, zipfile\n' +
      'with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:\n' +
      '    for name, path in zip(sys.argv[2::2], sys.argv[3::2]):\n' +
      '        z.write(path, name)\n';
    const made = spawnSync('python3', ['-c', script, out, ...pairs], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`python3 could not write the ZIP: ${made.stderr}`);
    return readFileSync(out);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
