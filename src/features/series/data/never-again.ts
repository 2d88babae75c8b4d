// The "never again" list of a series: topics the autopilot must not make again. Pure rules shared
// by the mutations and the screens: a topic is trimmed, 3 to 200 characters (the contract's topic
// text), and listed once whatever its case (the server compares topics ignoring case too). No React.

export const NEVER_AGAIN_TOPIC = { min: 3, max: 200 } as const;

const sameTopic = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export function isNeverAgain(list: readonly string[], topic: string): boolean {
  return list.some((listed) => sameTopic(listed, topic));
}

/** Why the topic cannot be added to the list (null: it can). */
export function neverAgainError(list: readonly string[], topic: string): string | null {
  const text = topic.trim();
  if (text.length < NEVER_AGAIN_TOPIC.min) return `A topic must be at least ${NEVER_AGAIN_TOPIC.min} characters.`;
  if (text.length > NEVER_AGAIN_TOPIC.max) return `A topic must not be greater than ${NEVER_AGAIN_TOPIC.max} characters.`;
  if (isNeverAgain(list, text)) return 'This topic is already on the list.';
  return null;
}

/** The list with the topic added at the end (unchanged when it is already there). */
export function withNeverAgain(list: readonly string[], topic: string): string[] {
  return isNeverAgain(list, topic) ? [...list] : [...list, topic.trim()];
}

/** The list without the topic (ignoring case). */
export function withoutNeverAgain(list: readonly string[], topic: string): string[] {
  return list.filter((listed) => !sameTopic(listed, topic));
}
