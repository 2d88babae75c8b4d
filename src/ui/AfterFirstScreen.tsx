// Renders its children once the first screen has shown its content and the main thread is idle
// (src/ui/first-screen.ts): for parts of the page that screen does not need, so their chunks and
// their work do not compete with it on a slow link and a phone's CPU.
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { afterFirstScreen } from './first-screen';

/** True once the first screen has shown its content and the main thread was idle (then stays true). */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  // A transition: what appears then is not urgent, and React renders it in short slices.
  useEffect(() => afterFirstScreen(() => startTransition(() => setReady(true))), []);
  return ready;
}

export function AfterFirstScreen({ children }: { children: ReactNode }) {
  return useAfterFirstScreen() ? children : null;
}
