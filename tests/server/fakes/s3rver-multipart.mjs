// What s3rver (3.x) lacks of the S3 multipart API and @tus/s3-store needs: ListParts (how far an
// upload got) and AbortMultipartUpload. Both read s3rver's own files: the parts of an upload live
// in <directory>/<bucket>/._S3rver_uploads/<uploadId>/<partNumber> with a <partNumber>.md5 beside
// them, and the folder goes once the upload is completed. Path-style requests only (as the tests
// make them); signatures are not checked here.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const xml = (body) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function noSuchUpload(ctx, uploadId) {
  ctx.status = 404;
  ctx.type = 'application/xml';
  ctx.body = xml(`<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escape(uploadId)}</UploadId></Error>`);
}

/** Puts the two handlers in front of s3rver's own routes. */
export function addMultipartListing(server, directory) {
  server.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...keyParts] = ctx.path.split('/');
    if (typeof uploadId !== 'string' || !bucket || keyParts.length === 0 || !['GET', 'DELETE'].includes(ctx.method)) return next();
    const key = decodeURIComponent(keyParts.join('/'));
    const folder = join(directory, bucket, '._S3rver_uploads', uploadId);
    if (!existsSync(folder)) return noSuchUpload(ctx, uploadId);
    if (ctx.method === 'DELETE') {
      rmSync(folder, { recursive: true, force: true });
      ctx.status = 204;
      return undefined;
    }
    const parts = readdirSync(folder)
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
      .map((number) => {
        const path = join(folder, String(number));
        const stats = statSync(path);
        const md5 = existsSync(`${path}.md5`) ? readFileSync(`${path}.md5`, 'utf8') : '';
        return `<Part><PartNumber>${number}</PartNumber><LastModified>${stats.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stats.size}</Size></Part>`;
      });
    ctx.type = 'application/xml';
    ctx.body = xml(
      `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escape(bucket)}</Bucket><Key>${escape(key)}</Key><UploadId>${escape(uploadId)}</UploadId>` +
        `<PartNumberMarker>0</PartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
    return undefined;
  });
}
