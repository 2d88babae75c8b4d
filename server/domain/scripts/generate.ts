// POST /api/generate-script: check the plan's monthly quota and the credits, ask the configured
// writer (outside any transaction: it may take seconds), then charge the credits and save the
// script in one transaction. With an Idempotency-Key a retried request neither charges twice nor
// asks the writer again.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { GenerateScriptResponse } from '../../../contract/scripts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { ScriptWriterError } from '../../providers/llm';
import type { ScriptWriter } from '../ports/script-writer';
import { chargesThisMonth, checkMonthlyCharge, takeMonthlyCharge, type MonthlyCharge } from '../credits/monthly-charge';
import { CREDIT_COSTS, LEDGER_REASONS } from '../credits/costs';
import { FieldValidationError } from '../errors';
import { findStoredResponse, runIdempotent } from '../idempotency/idempotency';
import { planFor } from '../plans/plans';
import { PlanLimitError, ProviderError } from '../problems';
import { insertScript } from './scripts';

export interface GenerateInput {
  userId: number;
  idempotencyKey: string | undefined;
  path: string;
  prompt: string;
  videoDuration: number;
  language: string;
  tone?: string | undefined;
}

/** Scripts generated this calendar month (UTC), counted from the ledger: a charge is a generation. */
export function scriptsGeneratedThisMonth(db: Db, userId: number, now: Date): Promise<number> {
  return chargesThisMonth(db, userId, LEDGER_REASONS.generateScript, now);
}

function quotaProblem(limit: number): PlanLimitError {
  return new PlanLimitError(`Your plan includes ${limit} generated scripts a month and they are used up. Upgrade your plan or write this one by hand.`);
}

/** The plan's monthly limit, or null when unlimited. */
function monthlyLimit(plan: string): number | null {
  const limit = planFor(plan).limits.scripts_per_month;
  return limit && limit.value !== null ? limit.value : null;
}

function unsupportedLanguage(language: string, supported: readonly string[]): FieldValidationError {
  const name = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
  return new FieldValidationError(
    'language',
    `Writing in ${name(language)} needs a configured AI model. Without one, scripts can be generated in ${supported.map(name).join(', ')}.`,
  );
}

export interface GenerateResult {
  status: number;
  body: GenerateScriptResponse;
  /** True when the answer is the stored one of an earlier request with the same key. */
  replayed: boolean;
}

export async function generateScript(db: Db, writer: ScriptWriter, input: GenerateInput, now = new Date()): Promise<GenerateResult> {
  const requestBody = { prompt: input.prompt, video_duration: input.videoDuration, language: input.language, ...(input.tone ? { tone: input.tone } : {}) };
  const idempotent = { userId: input.userId, key: input.idempotencyKey, method: 'POST', path: input.path, body: requestBody };
  const earlier = await findStoredResponse(db, idempotent);
  if (earlier) return { status: earlier.status, body: earlier.body as GenerateScriptResponse, replayed: true };

  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  if (!user) throw new Error('authenticated user not found');
  // A writer that cannot write this language must not answer in another one under its label.
  if (writer.languages && !writer.languages.includes(input.language)) throw unsupportedLanguage(input.language, writer.languages);
  // Checked before the (slow, possibly paid) writer call, and again when charging (monthly-charge.ts).
  const cost = CREDIT_COSTS.generateScript;
  const charge: MonthlyCharge = { userId: user.id, amount: cost, reason: LEDGER_REASONS.generateScript, limit: monthlyLimit(user.plan), limitReached: quotaProblem };
  await checkMonthlyCharge(db, charge, user.credits, now);

  let written;
  try {
    // A fresh nonce: "Generate again" is a new draft; a replayed request answers the stored one above.
    written = await writer.write({ prompt: input.prompt, videoDuration: input.videoDuration, language: input.language, tone: input.tone, nonce: randomUUID() });
  } catch (error) {
    if (error instanceof ScriptWriterError) throw new ProviderError(error.message, error.retryable);
    throw error;
  }

  const result = await runIdempotent(db, idempotent, async (tx) => {
    const credits = await takeMonthlyCharge(tx, charge, now);
    const script = await insertScript(tx, user.id, {
      id: randomUUID(),
      title: written.title,
      body: written.body,
      prompt: input.prompt,
      language: input.language,
      videoDuration: input.videoDuration,
      source: writer.id,
    });
    const body: GenerateScriptResponse = { script, credits, credits_charged: cost, writer: writer.label, attribution: written.attribution ?? null };
    return { status: 201, body };
  });
  return { status: result.status, body: result.body as GenerateScriptResponse, replayed: result.replayed };
}

