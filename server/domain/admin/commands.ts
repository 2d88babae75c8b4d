// The admin commands, as plain functions over the database. The CLI runs them directly when it
// may open the database, or sends the argv to the running server (POST /internal/admin), which
// runs the very same function — so both paths behave and print identically.
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox, users } from '../../db/schema';
import { grantCredits } from '../credits/ledger';
import { AdminCommandError } from '../errors';
import { createLicenses } from '../licenses/licenses';
import { isPlanKey, PLAN_KEYS } from '../plans/plans';

export const ADMIN_HELP = `Reelflow admin — usage: npm run admin -- <command>

  create-license --plan <plan> [--count N]   create N (default 1) licence codes; printed once
  set-plan <email> <plan>                     move a user to a plan (${PLAN_KEYS.join(', ')})
  grant-credits <email> <amount> [--reason t] add (or with a negative amount remove) credits
  mail-outbox [--limit N]                     show the newest mails kept in the outbox
  help                                        this text

With the embedded database and a running server, commands go to that server over loopback.
The CLI says which data folder it uses (DATA_DIR, default ./data). It will not create an empty
one: when DATA_DIR holds no database yet it stops, unless you add --create.`;

interface ParsedArgs {
  positional: string[];
  options: Map<string, string>;
}

function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
      const value = inline ?? argv[++i];
      if (value === undefined) throw new AdminCommandError(`--${name} needs a value.`);
      options.set(name, value);
    } else {
      positional.push(arg);
    }
  }
  return { positional, options };
}

function wholeNumber(text: string | undefined, what: string): number {
  if (text === undefined || !/^-?\d+$/.test(text)) throw new AdminCommandError(`${what} must be a whole number.`);
  return Number(text);
}

async function userIdByEmail(db: Db, email: string | undefined): Promise<number> {
  if (!email) throw new AdminCommandError('An email is required.');
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  if (!row) throw new AdminCommandError(`No user with the email ${email}.`);
  return row.id;
}

/** Runs one command and returns what to print. Mistakes throw AdminCommandError. */
export async function runAdminCommand(db: Db, argv: readonly string[]): Promise<string> {
  const [command, ...rest] = argv;
  const { positional, options } = parseArgs(rest);
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
      return ADMIN_HELP;
    case 'create-license': {
      const plan = options.get('plan') ?? positional[0];
      if (!plan) throw new AdminCommandError(`--plan is required (${PLAN_KEYS.join(', ')}).`);
      const count = options.has('count') ? wholeNumber(options.get('count'), '--count') : 1;
      const codes = await createLicenses(db, plan, count);
      return [`Created ${codes.length} licence${codes.length === 1 ? '' : 's'} for plan ${plan} (shown only now; only hashes are stored):`, ...codes].join('\n');
    }
    case 'set-plan': {
      const [email, plan] = positional;
      if (!plan || !isPlanKey(plan)) throw new AdminCommandError(`Unknown plan "${plan ?? ''}". Plans: ${PLAN_KEYS.join(', ')}.`);
      const userId = await userIdByEmail(db, email);
      await db.update(users).set({ plan, updatedAt: sql`now()` }).where(eq(users.id, userId));
      return `${email} is now on plan ${plan}.`;
    }
    case 'grant-credits': {
      const [email, amountText] = positional;
      const amount = wholeNumber(amountText, 'The amount');
      if (amount === 0) throw new AdminCommandError('The amount must not be 0.');
      const userId = await userIdByEmail(db, email);
      const balance = await grantCredits(db, userId, amount, options.get('reason') ?? 'admin grant');
      return `${amount > 0 ? 'Granted' : 'Removed'} ${Math.abs(amount)} credits ${amount > 0 ? 'to' : 'from'} ${email}; balance ${balance}.`;
    }
    case 'mail-outbox': {
      const limit = options.has('limit') ? wholeNumber(options.get('limit'), '--limit') : 10;
      const mails = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(Math.min(Math.max(limit, 1), 500));
      if (mails.length === 0) return 'The mail outbox is empty.';
      return mails
        .map((mail) => [`#${mail.id}  ${mail.createdAt.toISOString()}  to ${mail.toAddress}`, `Subject: ${mail.subject}`, '', mail.textBody].join('\n'))
        .join('\n\n' + '-'.repeat(60) + '\n\n');
    }
    default:
      throw new AdminCommandError(`Unknown command "${command}". Run "npm run admin -- help".`);
  }
}
