// The access tokens the engine uses when the app was built without an AccountTokenService (the
// accounts half provides the real one; see BuildAppOptions.accountTokens). Publishing then waits
// and retries like any transient failure, and says why, instead of crashing a run.
import { SocialError } from '../../providers/social/types';
import type { AccountTokenService } from '../social/types';

export const TOKENS_UNAVAILABLE_MESSAGE = 'Connected accounts are not available on this server yet; publishing will retry.';

export const unavailableAccountTokens: AccountTokenService = {
  accessToken: () => Promise.reject(new SocialError(TOKENS_UNAVAILABLE_MESSAGE, 'retry', 'tokens_unavailable')),
};
