// Confirmation dialogs. Mantine's modals manager shows them, and it is loaded after the first
// screen (src/app/ModalsHost.tsx): a confirmation asked for before then waits for it instead of
// going nowhere. If its chunk cannot be loaded (offline before the service worker has it), the
// browser's own confirm dialog asks the same question: the creator is never left without an answer.
import { useEffect } from 'react';

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** The confirm button in red (an action that throws something away). */
  danger?: boolean;
  onConfirm: () => void;
}

type Presenter = (request: ConfirmRequest) => void;

let presenter: Presenter | null = null;
let requested = false;
let resolvePresenter: (present: Presenter) => void = () => undefined;
let whenPresenter = newWait();
const listeners = new Set<() => void>();

function newWait(): Promise<Presenter> {
  return new Promise<Presenter>((resolve) => {
    resolvePresenter = resolve;
  });
}

/** Called by whatever shows the dialogs once it is mounted; the returned function withdraws it. */
export function provideConfirmPresenter(present: Presenter): () => void {
  presenter = present;
  resolvePresenter(present);
  return () => {
    if (presenter !== present) return;
    // Unmounted (signed out): the next signed-in shell mounts a new one.
    presenter = null;
    requested = false;
    whenPresenter = newWait();
  };
}

/** Whether the modals manager is wanted now, before the first screen has released it. */
export function modalsHostRequested(): boolean {
  return requested;
}

export function subscribeModalsHostRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks the question; `onConfirm` runs if the creator confirms. */
export async function openConfirm(request: ConfirmRequest): Promise<void> {
  if (presenter === null && !requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  const present = presenter ?? (await whenPresenter);
  present(request);
}

/** The browser's confirm dialog: the stand-in when the modals manager cannot be loaded. */
export function browserConfirm(request: ConfirmRequest): void {
  if (window.confirm(`${request.title}\n\n${request.message}`)) request.onConfirm();
}

/** Mounted instead of the modals manager when its chunk cannot be loaded. */
export function BrowserConfirmHost(): null {
  useEffect(() => provideConfirmPresenter(browserConfirm), []);
  return null;
}
