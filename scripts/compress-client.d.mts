// Types of scripts/compress-client.mjs for the TypeScript tests.
export const COMPRESSIBLE: RegExp;
export function compressClient(clientDir: string): Promise<{ files: number; before: number; afterBr: number }>;
