// Debian's Chromium as the browser tests and `npm run lighthouse` launch it (docs/DESIGN.md): the
// background-networking flags keep it from calling out of this closed network at every start.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
