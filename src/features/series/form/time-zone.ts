// The device's IANA time zone: where a new series' times start (the creator can choose another).
export function creatorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
