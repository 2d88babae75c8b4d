// Counts as the (English) interface writes them: "1,234", "12", "-5". The same text as
// `toLocaleString('en')` for counts, without Intl: a page's first Intl call sets up the ICU locale
// data, ~40 ms of main thread on a desktop and four times that on a phone (it showed up as the
// header's credits badge, the largest single piece of home's first render in a CPU profile;
// docs/decisions/performance.md).

/** A count with thousands separators; fractions keep up to three decimals, as toLocaleString does. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return value.toLocaleString('en');
  const magnitude = Math.abs(value);
  const rounded = Number.isInteger(magnitude) ? magnitude : Math.round(magnitude * 1000) / 1000;
  if (rounded >= 1e21) return value.toLocaleString('en');
  const [whole = '0', fraction] = String(rounded).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** "1 script", "1,234 scripts": a count and the noun that agrees with it. */
export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** 75 → "1:15" (minutes and seconds of a track or video); '' when unknown. */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '';
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}
