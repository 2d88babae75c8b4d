// Which slots a tick makes episodes for (docs/decisions/series.md, "A slot missed"): every slot
// still ahead is planned; of the slots already past, the latest one within the lead time is made
// up (made and posted as soon as it is ready), and the older ones are passed on with a reason.
// Never both, never twice: the caller inserts each slot once (UNIQUE (series_id, slot_at)).

export interface SlotPlan {
  /** Slots to make an episode for. */
  make: number[];
  /** Slots past and not made up: a skipped episode each, with the missed reason. */
  missed: number[];
}

export function planSlots(slots: readonly number[], nowMs: number, leadMs: number): SlotPlan {
  const past = slots.filter((slot) => slot <= nowMs);
  const ahead = slots.filter((slot) => slot > nowMs);
  const latest = past.at(-1);
  const madeUp = latest !== undefined && latest > nowMs - leadMs ? latest : undefined;
  return {
    make: madeUp === undefined ? ahead : [madeUp, ...ahead],
    missed: past.filter((slot) => slot !== madeUp),
  };
}

/** "Missed: Reelflow was not running at 18:00 on Friday 4 December" */
export function missedReason(slotMs: number, timeZone: string): string {
  const at = new Date(slotMs);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(at).replace(',', '');
  return `Missed: Reelflow was not running at ${time} on ${day}`;
}
