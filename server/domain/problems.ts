// Client-facing failures that are not field validation: each carries the HTTP status the API
// answers with and a message a creator can act on. The HTTP layer maps them generically, so the
// domain stays free of Fastify while still choosing the right status.
export class ClientProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends ClientProblem {
  constructor(message: string) {
    super(404, message);
  }
}

/** 402: the action costs more credits than the balance holds. */
export class InsufficientCreditsError extends ClientProblem {
  constructor(cost: number, balance: number) {
    super(402, `Not enough credits: this costs ${cost} credit${cost === 1 ? '' : 's'} and your balance is ${balance}.`);
  }
}

/** 403: the plan's quota for this period is used up. */
export class PlanLimitError extends ClientProblem {
  constructor(message: string) {
    super(403, message);
  }
}

/** 502/503: an upstream provider (AI model, voice, platform) failed; retryable ones say when. */
export class ProviderError extends ClientProblem {
  constructor(message: string, retryable: boolean) {
    super(retryable ? 503 : 502, message, retryable ? { 'retry-after': '30' } : {});
  }
}
