// The local store (DESIGN §4). No React here: the service worker imports it too.
export * from './db';
export * from './repositories';
export * from './storage-state';
