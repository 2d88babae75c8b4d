// A local Wikipedia speaking the two public APIs the offline writer uses, with their documented
// shapes: MediaWiki REST title search (`GET /w/rest.php/v1/search/title?q=&limit=` →
// `{pages: [{id, key, title, excerpt, matched_title, description, thumbnail}]}`; errors
// `{messageTranslations, httpCode, httpReason}`) and the RESTBase page summary
// (`GET /api/rest_v1/page/summary/{title}` → `{type, title, extract, content_urls, …}`; a missing
// page is 404 with an HTTP problem body `{type, title, method, detail, uri}`).
import { sendJson, startFake, type FakeServer } from './http-fake';

export interface FakeArticle {
  title: string;
  extract: string;
  type?: 'standard' | 'disambiguation' | 'no-extract';
}

export async function startWikipediaFake(articles: FakeArticle[]): Promise<FakeServer> {
  const key = (title: string) => title.replace(/ /g, '_');
  return startFake((request, res) => {
    const url = new URL(request.path, 'http://fake');
    if (url.pathname === '/w/rest.php/v1/search/title') {
      const query = (url.searchParams.get('q') ?? '').toLowerCase();
      const limit = Number(url.searchParams.get('limit') ?? '10');
      if (!query || !Number.isInteger(limit) || limit < 1 || limit > 100) {
        return sendJson(res, 400, { messageTranslations: { en: 'Invalid parameter' }, httpCode: 400, httpReason: 'Bad Request' });
      }
      const words = query.split(/\s+/).filter(Boolean);
      const pages = articles
        .filter((article) => words.some((word) => article.title.toLowerCase().includes(word.replace(/(es|s)$/, ''))))
        .slice(0, limit)
        .map((article, index) => ({ id: 1000 + index, key: key(article.title), title: article.title, excerpt: article.title, matched_title: null, description: null, thumbnail: null }));
      return sendJson(res, 200, { pages });
    }
    const summary = /^\/api\/rest_v1\/page\/summary\/(.+)$/.exec(url.pathname);
    if (summary) {
      const title = decodeURIComponent(summary[1]!);
      const article = articles.find((candidate) => key(candidate.title) === title);
      if (!article) {
        return sendJson(res, 404, {
          type: 'https://mediawiki.org/wiki/HyperSwitch/errors/not_found',
          title: 'Not found.',
          method: 'get',
          detail: 'Page or revision not found.',
          uri: `/en.wikipedia.org/v1/page/summary/${title}`,
        });
      }
      return sendJson(res, 200, {
        type: article.type ?? 'standard',
        title: article.title,
        displaytitle: article.title,
        pageid: 1000,
        extract: article.extract,
        extract_html: `<p>${article.extract}</p>`,
        lang: 'en',
        dir: 'ltr',
        content_urls: {
          desktop: { page: `https://en.wikipedia.org/wiki/${key(article.title)}` },
          mobile: { page: `https://en.m.wikipedia.org/wiki/${key(article.title)}` },
        },
      });
    }
    return sendJson(res, 404, { type: 'https://mediawiki.org/wiki/HyperSwitch/errors/not_found', title: 'Not found.', method: 'get', uri: url.pathname });
  });
}
