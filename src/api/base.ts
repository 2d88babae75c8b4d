// Where the API lives: VITE_API_BASE at build time, or empty for this origin. Its own module so
// the light parts of the HTTP layer (quick-get.ts) need not load the client (axios).
const envBase: unknown = import.meta.env.VITE_API_BASE;
export const API_BASE: string = typeof envBase === 'string' ? envBase : '';
