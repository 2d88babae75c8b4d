import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeCadence, describeSlot, evenTimes, nextSlots, seriesCadence, slotsBetween, type SeriesCadenceInput } from '../../contract/series-cadence';
import { isoInZone, offsetMinutes, zonedToIso } from '../../contract/time-zone';

const cadence = (input: SeriesCadenceInput) => seriesCadence.parse(input);
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);
/** Wall-clock "2026-03-22" + "00:00" in the zone as an instant (times that exist on both sides). */
const local = (date: string, time: string, zone: string) => Date.parse(zonedToIso(date, time, zone)!);
const isos = (slots: number[], zone: string) => slots.map((ms) => isoInZone(ms, zone));

describe('seriesCadence', () => {
  it('sorts and dedupes days and times, and per_day defaults to null', () => {
    expect(seriesCadence.parse({ days: [5, 1, 3, 1], times: ['21:00', '09:00', '21:00'] })).toEqual({ days: [1, 3, 5], times: ['09:00', '21:00'], per_day: null });
  });

  it('asks for at least one day and one time, in the spec-style field errors', () => {
    const result = seriesCadence.safeParse({ days: [], times: [] });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual(['days: Choose at least one day.', 'times: Choose at least one time.']);
  });

  it('rejects times that are not HH:MM within a day, weekdays outside 0–6 and per_day outside 1–12', () => {
    for (const time of ['24:00', '9:30', '09:60', '09:30:00', ' 09:30', '']) expect(seriesCadence.safeParse({ days: [1], times: [time] }).success, time).toBe(false);
    for (const time of ['00:00', '23:59', '09:30']) expect(seriesCadence.safeParse({ days: [1], times: [time] }).success, time).toBe(true);
    expect(seriesCadence.safeParse({ days: [7], times: ['09:00'] }).success).toBe(false);
    expect(seriesCadence.safeParse({ days: [1.5], times: ['09:00'] }).success).toBe(false);
    expect(seriesCadence.safeParse({ days: [1], times: ['09:00'], per_day: 0 }).success).toBe(false);
    expect(seriesCadence.safeParse({ days: [1], times: ['09:00'], per_day: 13 }).success).toBe(false);
    const thirteen = Array.from({ length: 13 }, (_, i) => `${String(i + 8).padStart(2, '0')}:00`);
    expect(seriesCadence.safeParse({ days: [1], times: thirteen }).success).toBe(false);
  });
});

describe('evenTimes', () => {
  it('spreads N a day from 09:00 to 21:00, both ends included', () => {
    expect(evenTimes(1)).toEqual(['09:00']);
    expect(evenTimes(2)).toEqual(['09:00', '21:00']);
    expect(evenTimes(3)).toEqual(['09:00', '15:00', '21:00']);
    expect(evenTimes(5)).toEqual(['09:00', '12:00', '15:00', '18:00', '21:00']);
  });

  it('rounds to 5 minutes when the times are far apart, and gives 12 distinct ascending times for 12 a day', () => {
    const twelve = evenTimes(12);
    expect(twelve).toHaveLength(12);
    expect(twelve[0]).toBe('09:00');
    expect(twelve[11]).toBe('21:00');
    expect([...twelve].sort()).toEqual(twelve);
    for (const time of twelve) expect(Number(time.slice(3)) % 5, time).toBe(0);
    // Each is within 2.5 minutes of the exact even spread (720 / 11 minutes apart).
    twelve.forEach((time, i) => expect(Math.abs(Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) - (540 + (720 / 11) * i))).toBeLessThanOrEqual(2.5));
    expect(seriesCadence.safeParse({ days: [1], times: twelve, per_day: 12 }).success).toBe(true);
  });

  it('takes other spans, to the minute when they are short, and fewer times when the span has too few minutes', () => {
    expect(evenTimes(4, '06:00', '12:00')).toEqual(['06:00', '08:00', '10:00', '12:00']);
    expect(evenTimes(3, '10:00', '10:10')).toEqual(['10:00', '10:05', '10:10']);
    expect(evenTimes(4, '10:00', '10:09')).toEqual(['10:00', '10:03', '10:06', '10:09']);
    expect(evenTimes(3, '10:00', '10:00')).toEqual(['10:00']);
  });

  it('refuses a count outside 1–12 or a span that is not within a day', () => {
    expect(() => evenTimes(0)).toThrow(RangeError);
    expect(() => evenTimes(13)).toThrow(RangeError);
    expect(() => evenTimes(2.5)).toThrow(RangeError);
    expect(() => evenTimes(2, '21:00', '09:00')).toThrow(RangeError);
    expect(() => evenTimes(2, '09:00', '25:00')).toThrow(RangeError);
  });
});

describe('slotsBetween', () => {
  it('gives 28 slots for 14 days at 18:00 and 21:00 in Berlin across the spring change, at those local times', () => {
    const zone = 'Europe/Berlin';
    const slots = slotsBetween(cadence({ days: EVERY_DAY, times: ['18:00', '21:00'] }), zone, local('2026-03-22', '00:00', zone), local('2026-04-05', '00:00', zone));
    expect(slots).toHaveLength(28);
    const texts = isos(slots, zone);
    for (const text of texts) expect(text.slice(11, 16) === '18:00' || text.slice(11, 16) === '21:00', text).toBe(true);
    // The clocks go forward at 02:00 on Sunday 29 March: before it +01:00, from it on +02:00.
    expect(texts.filter((text) => text.endsWith('+01:00'))).toHaveLength(14);
    expect(texts.filter((text) => text.endsWith('+02:00'))).toHaveLength(14);
    expect(texts[12]).toBe('2026-03-28T18:00:00+01:00');
    expect(texts[14]).toBe('2026-03-29T18:00:00+02:00');
    expect(slots[14]).toBe(at('2026-03-29T16:00:00Z'));
    expect(slots[12]).toBe(at('2026-03-28T17:00:00Z'));
    expect([...slots].sort((a, b) => a - b)).toEqual(slots);
  });

  it('takes a time skipped by the clocks going forward at the first minute after the gap, once', () => {
    const zone = 'Europe/Berlin';
    const day = (times: string[]) => slotsBetween(cadence({ days: EVERY_DAY, times }), zone, at('2026-03-28T23:00:00Z'), at('2026-03-29T21:59:00Z'));
    expect(isos(day(['02:30']), zone)).toEqual(['2026-03-29T03:00:00+02:00']);
    expect(day(['02:30'])).toEqual([at('2026-03-29T01:00:00Z')]);
    // Times that land on the same instant count once.
    expect(day(['02:00', '02:30', '02:59', '03:00'])).toEqual([at('2026-03-29T01:00:00Z')]);
    expect(isos(day(['01:59', '02:30', '03:01']), zone)).toEqual(['2026-03-29T01:59:00+01:00', '2026-03-29T03:00:00+02:00', '2026-03-29T03:01:00+02:00']);
    // The day before and after: 02:30 as usual.
    const week = slotsBetween(cadence({ days: EVERY_DAY, times: ['02:30'] }), zone, at('2026-03-27T00:00:00Z'), at('2026-03-31T00:00:00Z'));
    expect(isos(week, zone)).toEqual(['2026-03-27T02:30:00+01:00', '2026-03-28T02:30:00+01:00', '2026-03-29T03:00:00+02:00', '2026-03-30T02:30:00+02:00']);
  });

  it('takes a time that happens twice when the clocks go back at its first occurrence only', () => {
    const zone = 'Europe/Berlin';
    const slots = slotsBetween(cadence({ days: EVERY_DAY, times: ['02:30'] }), zone, at('2026-10-24T12:00:00Z'), at('2026-10-26T12:00:00Z'));
    expect(slots).toEqual([at('2026-10-25T00:30:00Z'), at('2026-10-26T01:30:00Z')]);
    expect(isos(slots, zone)).toEqual(['2026-10-25T02:30:00+02:00', '2026-10-26T02:30:00+01:00']);
    // Asked from just after the first occurrence, the second is not a slot.
    expect(slotsBetween(cadence({ days: EVERY_DAY, times: ['02:30'] }), zone, at('2026-10-25T00:30:00Z'), at('2026-10-25T12:00:00Z'))).toEqual([]);
  });

  it('follows America/New_York through both changes', () => {
    const zone = 'America/New_York';
    const fallBack = slotsBetween(cadence({ days: EVERY_DAY, times: ['01:30', '18:00'] }), zone, at('2026-10-31T12:00:00Z'), at('2026-11-02T12:00:00Z'));
    expect(isos(fallBack, zone)).toEqual(['2026-10-31T18:00:00-04:00', '2026-11-01T01:30:00-04:00', '2026-11-01T18:00:00-05:00', '2026-11-02T01:30:00-05:00']);
    expect(fallBack[1]).toBe(at('2026-11-01T05:30:00Z'));
    const springForward = slotsBetween(cadence({ days: EVERY_DAY, times: ['02:30'] }), zone, at('2026-03-08T00:00:00Z'), at('2026-03-09T00:00:00Z'));
    expect(isos(springForward, zone)).toEqual(['2026-03-08T03:00:00-04:00']);
  });

  it('handles Lord Howe Island, whose clocks move by half an hour', () => {
    const zone = 'Australia/Lord_Howe';
    // First Sunday of October 2026: 02:00 becomes 02:30 (+10:30 → +11:00).
    const forward = slotsBetween(cadence({ days: EVERY_DAY, times: ['02:15', '09:00'] }), zone, at('2026-10-02T12:00:00Z'), at('2026-10-04T12:00:00Z'));
    expect(isos(forward, zone)).toEqual(['2026-10-03T02:15:00+10:30', '2026-10-03T09:00:00+10:30', '2026-10-04T02:30:00+11:00', '2026-10-04T09:00:00+11:00']);
    // First Sunday of April 2026: 02:00 becomes 01:30 again; 01:45 happens twice and counts once.
    const back = slotsBetween(cadence({ days: EVERY_DAY, times: ['01:45'] }), zone, at('2026-04-03T12:00:00Z'), at('2026-04-05T12:00:00Z'));
    expect(isos(back, zone)).toEqual(['2026-04-04T01:45:00+11:00', '2026-04-05T01:45:00+11:00']);
    expect(back[1]).toBe(at('2026-04-04T14:45:00Z'));
  });

  it('takes a whole skipped day at the first minute after it, once (Samoa went from 29 to 31 December 2011)', () => {
    const zone = 'Pacific/Apia';
    const slots = slotsBetween(cadence({ days: EVERY_DAY, times: ['00:00', '09:00'] }), zone, at('2011-12-29T12:00:00Z'), at('2011-12-31T00:00:00Z'));
    expect(isos(slots, zone)).toEqual(['2011-12-29T09:00:00-10:00', '2011-12-31T00:00:00+14:00', '2011-12-31T09:00:00+14:00']);
  });

  it('works in UTC and in a zone with a half-hour offset', () => {
    const utc = slotsBetween(cadence({ days: EVERY_DAY, times: ['00:00', '12:00'] }), 'UTC', at('2026-06-01T00:00:00Z'), at('2026-06-02T00:00:00Z'));
    expect(utc).toEqual([at('2026-06-01T12:00:00Z'), at('2026-06-02T00:00:00Z')]);
    const kolkata = slotsBetween(cadence({ days: EVERY_DAY, times: ['09:00', '23:45'] }), 'Asia/Kolkata', at('2026-06-01T00:00:00Z'), at('2026-06-02T00:00:00Z'));
    expect(kolkata).toEqual([at('2026-06-01T03:30:00Z'), at('2026-06-01T18:15:00Z')]);
    expect(isos(kolkata, 'Asia/Kolkata')).toEqual(['2026-06-01T09:00:00+05:30', '2026-06-01T23:45:00+05:30']);
  });

  it('leaves out a slot exactly at `from` and keeps a slot exactly at `to`', () => {
    const daily = cadence({ days: EVERY_DAY, times: ['18:00'] });
    const zone = 'Europe/Berlin';
    const first = at('2026-06-01T16:00:00Z');
    const second = at('2026-06-02T16:00:00Z');
    expect(slotsBetween(daily, zone, first, second)).toEqual([second]);
    expect(slotsBetween(daily, zone, first - 1, second - 1)).toEqual([first]);
    expect(slotsBetween(daily, zone, first, first)).toEqual([]);
    expect(slotsBetween(daily, zone, second, first)).toEqual([]);
  });

  it('only counts the chosen weekdays', () => {
    const slots = slotsBetween(cadence({ days: [0, 6], times: ['10:00'] }), 'UTC', at('2026-06-01T00:00:00Z'), at('2026-06-15T00:00:00Z'));
    expect(slots.map((ms) => new Date(ms).getUTCDay())).toEqual([6, 0, 6, 0]);
  });

  it('agrees with a minute-by-minute walk around every clock change of 2026 in a spread of zones', () => {
    // The rules as a brute force: a wall-clock time's slot is the first minute whose wall clock
    // has reached it (the first occurrence of a repeated time; the end of a gap for a skipped one).
    const times = ['00:00', '00:30', '01:00', '01:30', '01:45', '02:00', '02:15', '02:30', '02:45', '03:00', '03:30', '23:30'];
    const plan = cadence({ days: EVERY_DAY, times });
    const zones = ['Europe/Berlin', 'Europe/London', 'America/New_York', 'America/Santiago', 'America/Havana', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kolkata'];
    let changes = 0;
    for (const zone of zones) {
      const wallAt = (ms: number) => ms + offsetMinutes(ms, zone) * MINUTE;
      for (let hour = at('2026-01-01T00:00:00Z'); hour < at('2027-01-01T00:00:00Z'); hour += 3_600_000) {
        if (offsetMinutes(hour, zone) === offsetMinutes(hour + 3_600_000, zone)) continue;
        changes++;
        const from = hour - 36 * 3_600_000;
        const to = hour + 36 * 3_600_000;
        const firstDay = Math.floor(wallAt(from) / 86_400_000) * 86_400_000;
        const walls = [];
        for (let day = firstDay; day <= wallAt(to) + 86_400_000; day += 86_400_000) for (const time of times) walls.push(day + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3))) * MINUTE);
        let next = 0;
        while (next < walls.length && walls[next]! <= wallAt(from)) next++;
        const expected: number[] = [];
        for (let ms = from + MINUTE; ms <= to && next < walls.length; ms += MINUTE) {
          const wall = wallAt(ms);
          while (next < walls.length && walls[next]! <= wall) {
            if (expected[expected.length - 1] !== ms) expected.push(ms);
            next++;
          }
        }
        expect(isos(slotsBetween(plan, zone, from, to), zone), `${zone} around ${new Date(hour).toISOString()}`).toEqual(isos(expected, zone));
      }
    }
    // Every zone but Kolkata changes twice in 2026.
    expect(changes).toBeGreaterThanOrEqual(14);
  });
});

describe('nextSlots', () => {
  const monWedFri = cadence({ days: [5, 1, 3], times: ['09:00'] });

  it('gives the next Mon/Wed/Fri slots from a Thursday', () => {
    const zone = 'Europe/Berlin';
    // Thursday 3 December 2026, noon in Berlin.
    const slots = nextSlots(monWedFri, zone, at('2026-12-03T11:00:00Z'), 5);
    expect(isos(slots, zone)).toEqual(['2026-12-04T09:00:00+01:00', '2026-12-07T09:00:00+01:00', '2026-12-09T09:00:00+01:00', '2026-12-11T09:00:00+01:00', '2026-12-14T09:00:00+01:00']);
  });

  it('does not count a slot exactly at the start, and gives none for no count', () => {
    const zone = 'Europe/Berlin';
    const friday = at('2026-12-04T08:00:00Z');
    expect(isos(nextSlots(monWedFri, zone, friday, 1), zone)).toEqual(['2026-12-07T09:00:00+01:00']);
    expect(nextSlots(monWedFri, zone, friday - 1, 1)).toEqual([friday]);
    expect(nextSlots(monWedFri, zone, friday, 0)).toEqual([]);
  });

  it('uses the weekday of the creator’s zone, not of UTC', () => {
    // 09:00 on Monday in Auckland is Sunday evening in UTC.
    const slots = nextSlots(cadence({ days: [1], times: ['09:00'] }), 'Pacific/Auckland', at('2026-06-01T00:00:00Z'), 2);
    expect(isos(slots, 'Pacific/Auckland')).toEqual(['2026-06-08T09:00:00+12:00', '2026-06-15T09:00:00+12:00']);
    expect(new Date(slots[0]!).getUTCDay()).toBe(0);
  });

  it('finds slots with a few Intl calls a day, not one a minute', () => {
    // The server asks for 10,000 series a minute; count the zone look-ups rather than time them.
    const parts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    nextSlots(cadence({ days: EVERY_DAY, times: ['18:00', '21:00'] }), 'Europe/Berlin', at('2026-06-01T10:00:00Z'), 5);
    expect(parts.mock.calls.length).toBeLessThanOrEqual(12);
    parts.mockClear();
    slotsBetween(cadence({ days: EVERY_DAY, times: evenTimes(12) }), 'Europe/Berlin', at('2026-06-01T10:00:00Z'), at('2026-06-02T10:00:00Z'));
    expect(parts.mock.calls.length).toBeLessThanOrEqual(10);
    parts.mockClear();
    // Across a change: a handful more for the day of the change, still not per minute.
    slotsBetween(cadence({ days: EVERY_DAY, times: evenTimes(12, '00:00', '23:00') }), 'Europe/Berlin', at('2026-03-28T23:00:00Z'), at('2026-03-29T22:00:00Z'));
    expect(parts.mock.calls.length).toBeLessThanOrEqual(80);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('describeSlot', () => {
  const zone = 'Europe/Berlin';
  const now = at('2026-12-02T10:00:00Z'); // Wednesday 2 December, 11:00 in Berlin

  it('says today, tomorrow, or the weekday and date, at the time in the creator’s zone', () => {
    expect(describeSlot(at('2026-12-02T17:00:00Z'), zone, now)).toBe('Today at 18:00');
    expect(describeSlot(at('2026-12-03T08:00:00Z'), zone, now)).toBe('Tomorrow at 09:00');
    expect(describeSlot(at('2026-12-04T20:00:00Z'), zone, now)).toBe('Friday 4 December at 21:00');
  });

  it('counts days in the creator’s zone, and names the year when it is not this one', () => {
    // 23:30 UTC on 2 December is already 3 December in Berlin.
    expect(describeSlot(at('2026-12-02T23:30:00Z'), zone, now)).toBe('Tomorrow at 00:30');
    expect(describeSlot(at('2026-12-02T23:30:00Z'), 'UTC', now)).toBe('Today at 23:30');
    expect(describeSlot(at('2027-01-01T08:00:00Z'), zone, now)).toBe('Friday, 1 January 2027 at 09:00');
  });

  it('formats the date in the given locale', () => {
    expect(describeSlot(at('2026-12-04T20:00:00Z'), zone, now, 'en-US')).toBe('Friday, December 4 at 21:00');
  });
});

describe('describeCadence', () => {
  it('describes days and times in plain words', () => {
    expect(describeCadence(cadence({ days: EVERY_DAY, times: ['21:00', '18:00'] }))).toBe('Every day at 18:00 and 21:00');
    expect(describeCadence(cadence({ days: [5, 3, 1], times: ['09:00'] }))).toBe('Mon, Wed and Fri at 09:00');
    expect(describeCadence(cadence({ days: [0, 6], times: ['09:00', '12:00', '18:00'] }))).toBe('Sat and Sun at 09:00, 12:00 and 18:00');
  });

  it('describes an "N a day" choice while the times still match it', () => {
    expect(describeCadence(cadence({ days: EVERY_DAY, times: evenTimes(3), per_day: 3 }))).toBe('3 a day (09:00, 15:00, 21:00), every day');
    expect(describeCadence(cadence({ days: [1, 3, 5], times: evenTimes(2), per_day: 2 }))).toBe('2 a day (09:00, 21:00), on Mon, Wed and Fri');
    expect(describeCadence(cadence({ days: EVERY_DAY, times: ['09:00', '12:00'], per_day: 3 }))).toBe('Every day at 09:00 and 12:00');
  });
});
