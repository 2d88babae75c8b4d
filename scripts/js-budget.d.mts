// Types of scripts/js-budget.mjs for the TypeScript tests and benches.
export const KB: number;
export const BUDGETS: Record<string, number>;
export const FIRST_RENDER: Record<string, string[]>;
export const AFTER_FIRST_RENDER: Record<string, string[]>;
export interface SizedFile {
  file: string;
  gzip: number;
}
export interface PageJavaScript {
  page: string;
  files: SizedFile[];
  total: number;
  budget: number;
  after: { files: SizedFile[]; total: number };
}
export function readManifest(clientDir: string): Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;
export function staticClosure(manifest: ReturnType<typeof readManifest>, keys: string[]): Set<string>;
export function sourcesOf(clientDir: string, file: string): string[];
export function chunkOf(manifest: ReturnType<typeof readManifest>, clientDir: string, sourceKey: string): string;
export function gzipSize(clientDir: string, file: string): number;
export function initialJavaScript(clientDir: string): PageJavaScript[];
export function formatKb(bytes: number): string;
