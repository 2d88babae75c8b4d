// `npm run bench`: the series autopilot's minute, as the slot arithmetic costs it — for 10,000
// series spread over zones and cadences, the next five slots (what the wizard and the series
// screen show) and the slots of a day (what the autopilot asks when it catches up), once in an
// ordinary week and once across the spring clock change. CPU of this process, plus the Intl
// look-ups made. Figures only; nothing here asserts a time.
import { evenTimes, nextSlots, seriesCadence, slotsBetween, type SeriesCadence } from '../../contract/series-cadence';

const SERIES = 10_000;
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC', 'America/Santiago', 'Pacific/Chatham', 'Asia/Tokyo'];
const CADENCES: SeriesCadence[] = [
  seriesCadence.parse({ days: [0, 1, 2, 3, 4, 5, 6], times: ['18:00', '21:00'] }),
  seriesCadence.parse({ days: [1, 3, 5], times: ['09:00'] }),
  seriesCadence.parse({ days: [0, 1, 2, 3, 4, 5, 6], times: evenTimes(3), per_day: 3 }),
  seriesCadence.parse({ days: [1, 2, 3, 4, 5], times: evenTimes(12), per_day: 12 }),
];

function measure(label: string, run: (cadence: SeriesCadence, zone: string) => number): void {
  type FormatToParts = (this: Intl.DateTimeFormat, date?: Date | number) => Intl.DateTimeFormatPart[];
  const parts = Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, 'formatToParts')!.value as FormatToParts;
  let lookups = 0;
  Intl.DateTimeFormat.prototype.formatToParts = function (this: Intl.DateTimeFormat, date) {
    lookups++;
    return parts.call(this, date);
  };
  let slots = 0;
  const start = process.cpuUsage();
  for (let i = 0; i < SERIES; i++) slots += run(CADENCES[i % CADENCES.length]!, ZONES[i % ZONES.length]!);
  const used = process.cpuUsage(start);
  Intl.DateTimeFormat.prototype.formatToParts = parts;
  const cpuMs = (used.user + used.system) / 1000;
  console.log(`${label.padEnd(44)}${cpuMs.toFixed(0).padStart(8)}${(lookups / SERIES).toFixed(1).padStart(12)}${slots.toString().padStart(10)}`);
}

function main() {
  console.log(`${SERIES} series                                  cpu ms   Intl/series     slots`);
  const june = Date.parse('2026-06-01T10:00:00Z');
  const spring = Date.parse('2026-03-28T10:00:00Z');
  measure('nextSlots(5), June', (cadence, zone) => nextSlots(cadence, zone, june, 5).length);
  measure('slotsBetween over a day, June', (cadence, zone) => slotsBetween(cadence, zone, june, june + 86_400_000).length);
  measure('nextSlots(5), across the spring change', (cadence, zone) => nextSlots(cadence, zone, spring, 5).length);
  measure('slotsBetween over a day, spring change', (cadence, zone) => slotsBetween(cadence, zone, spring, spring + 86_400_000).length);
}

main();
