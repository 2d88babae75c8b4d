// Types of scripts/freshness.mjs for the TypeScript scripts (the chaos run builds when needed).
/** Why a build is needed, or null when dist/ is current. */
export function buildReason(root?: string): string | null;
