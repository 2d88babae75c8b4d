// The publishing API's plain request forms through the app's API client (bearer token, CSRF, 401
// handling). The screens change and read posts through the outbox and the pulls; these answer a
// caller that needs the server's reply at once.
import { api, data, query } from '../../../api';
import { PUBLISHING_URLS } from './urls';

type Body = Record<string, unknown>;

export const createPostRequest = (body: Body) => data(api.post<Body>(PUBLISHING_URLS.createPost, body));

export const fetchPostsPage = ({ page, status, query: search }: { page?: number; status?: string; query?: string } = {}) =>
  data(api.get<unknown>(PUBLISHING_URLS.posts, { params: query({ page, status, query: search }) }));

export const fetchCalendarEntries = () => data(api.get<unknown>(PUBLISHING_URLS.calendar));

export const rescheduleFailedJobRequest = ({ id }: { id: string | number }) => data(api.post<Body>(PUBLISHING_URLS.rescheduleFailedJob, { id }));
