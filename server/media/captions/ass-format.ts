// The ASS script's value formats (colours, times, text), shared by the caption and headline writers.

/** #RRGGBB (+ alpha 0 = opaque … 255 = invisible) → ASS &HAABBGGRR. */
export function assColor(hex: string, alpha = 0): string {
  const value = /^#?([0-9a-f]{6})$/i.exec(hex.trim())?.[1] ?? 'FFFFFF';
  const [r, g, b] = [value.slice(0, 2), value.slice(2, 4), value.slice(4, 6)];
  return `&H${alpha.toString(16).padStart(2, '0')}${b}${g}${r}`.toUpperCase();
}

/**
 * User text → ASS text that can only ever be text. `{`/`}` would open an override block and `\`
 * could form \N, \h or a tag, so they become look-alike plain characters; line breaks and control
 * characters become spaces (a Dialogue is one line of the file).
 */
export function escapeAssText(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\\/g, '/')
    .replace(/\{/g, '(')
    .replace(/\}/g, ')');
}

/** Seconds → ASS H:MM:SS.cc. Every time goes through here, so adjacent events abut exactly. */
export function assTime(seconds: number): string {
  const centis = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(centis / 360000);
  const m = Math.floor((centis % 360000) / 6000);
  const s = Math.floor((centis % 6000) / 100);
  const c = centis % 100;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(c).padStart(2, '0')}`;
}
