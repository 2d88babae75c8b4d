// Files are written under a temporary name next to their target and renamed only when the work
// succeeded, so a crash or a cancel never leaves a partial file where a caller would trust it
// (the same rule as composeVideo).
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

/** A fresh temporary name beside `target` (unique per process and call), its folder made. */
export async function partialPathFor(target: string): Promise<string> {
  await mkdir(dirname(target), { recursive: true });
  return `${target}.part-${process.pid}-${randomBytes(4).toString('hex')}`;
}
