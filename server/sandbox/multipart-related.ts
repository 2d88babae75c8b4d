// multipart/related (RFC 2387) as Google's upload endpoints take it with uploadType=multipart: the
// first part is the resource as JSON, the second the media. The sandbox reads the whole body (its
// route's bodyLimit bounds it), so a small parser over the buffer is enough.

export interface RelatedParts {
  metadata: Buffer;
  media: Buffer;
  mediaType: string;
}

function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/related\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,200})"|([^\s;]{1,200}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** One part's headers and body (the body without the CRLF before the next delimiter). */
function splitPart(part: Buffer): { type: string; body: Buffer } | null {
  const end = part.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const headers = part.subarray(0, end).toString('latin1');
  const type = /^content-type:\s*([^;\r\n]+)/im.exec(headers)?.[1]?.trim().toLowerCase() ?? 'text/plain';
  return { type, body: part.subarray(end + 4) };
}

/** The resource and media parts; null when the body is not a two-part multipart/related. */
export function readMultipartRelated(contentType: string | undefined, body: unknown): RelatedParts | null {
  const boundary = boundaryOf(contentType);
  if (!boundary || !Buffer.isBuffer(body)) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return null;
    // Each part starts after the delimiter line's CRLF and ends before the CRLF preceding the next one.
    parts.push(body.subarray(start + 2, next - 2));
    at = next;
  }
  if (parts.length !== 2) return null;
  const [metadata, media] = parts.map(splitPart);
  if (!metadata || !media || !metadata.type.startsWith('application/json')) return null;
  return { metadata: metadata.body, media: media.body, mediaType: media.type };
}
