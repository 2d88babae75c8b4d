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
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export const SCREEN_BUDGETS: Record<string, { module: string; budget: number }>;
export const SIGNED_IN_LAYOUT: string;
export const FRAME_BUDGET: number;
export interface ScreenJavaScript {
  route: string;
  chunk: ManifestChunk;
  frame: { files: SizedFile[]; total: number; budget: number };
  files: SizedFile[];
  total: number;
  budget: number;
}
export function readManifest(clientDir: string): Record<string, ManifestChunk>;
export function staticClosure(manifest: ReturnType<typeof readManifest>, keys: string[]): Set<string>;
export function sourcesOf(clientDir: string, file: string): string[];
export function chunkOf(manifest: ReturnType<typeof readManifest>, clientDir: string, sourceKey: string): string;
export function gzipSize(clientDir: string, file: string): number;
export function initialJavaScript(clientDir: string): PageJavaScript[];
export function screenJavaScript(clientDir: string): ScreenJavaScript[];
export function formatKb(bytes: number): string;
