// Shared by the benchmarks: a fresh account on the running server, through the same CSRF-cookie
// and registration calls the PWA makes. Returns its bearer token.
import { randomUUID } from 'node:crypto';

export async function registerBenchUser(url: string, label: string): Promise<string> {
  const csrf = await fetch(`${url}/sanctum/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const password = 'benchmark password';
  const response = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
    body: JSON.stringify({ name: 'Bench', email: `${label}-${randomUUID()}@example.com`, password, password_confirmation: password }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
