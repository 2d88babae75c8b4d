// Runs s3rver in its own process and prints {"port": N} once listening. Started by s3rver.ts
// with --openssl-legacy-provider: s3rver encrypts ListObjectsV2 continuation tokens with DES,
// which OpenSSL 3 (Node 17+) only offers through its legacy provider.
import { createRequire } from 'node:module';
import process from 'node:process';
import { addMultipartListing } from './s3rver-multipart.mjs';

// s3rver is CommonJS.
const S3rver = createRequire(import.meta.url)('s3rver');

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
addMultipartListing(server, directory);
server.run().then(
  (address) => process.stdout.write(`${JSON.stringify({ port: address.port })}\n`),
  (error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  },
);
process.on('SIGTERM', () => server.close().finally(() => process.exit(0)));
