// The social accounts API's plain request forms through the app's API client (bearer token, CSRF,
// 401 handling). The connect screen lists accounts through the pull and connects through
// connect-http.ts; these answer a caller that needs the server's reply at once.
import { api, data, query } from '../../../api';
import { ACCOUNTS_URLS } from './urls';

export const DEFAULT_ACCOUNTS_PER_PAGE = 10;

export interface AccountsQuery {
  page?: number;
  search?: string;
  per_page?: number;
}

export const fetchAccountsPage = ({ page, search, per_page = DEFAULT_ACCOUNTS_PER_PAGE }: AccountsQuery = {}) =>
  data(api.get<unknown>(ACCOUNTS_URLS.accounts, { params: query({ page, search, per_page }) }));

export interface ConnectParams {
  /** Where the product returns after the platform's consent page. */
  path?: string;
  /** Popup mode: sends popup=1; otherwise popup is not sent. */
  popup?: boolean;
}

/** GET /api/youtube/connect as the spec has it (popup=1 only in popup mode). */
export const connectYoutube = ({ path, popup }: ConnectParams = {}) =>
  data(api.get<Record<string, unknown>>(ACCOUNTS_URLS.connect('youtube'), { params: query({ path, popup: popup ? 1 : undefined }) }));
