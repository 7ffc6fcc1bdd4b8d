/**
 * The web tests drive Debian's Chromium : playwright-core brings
 * no browser of its own, and downloading one at test time is not allowed. When
 * /usr/bin/chromium is missing, this installs the Debian package once (apt-get), printing a
 * progress line, so a fresh machine can run the web tests with no manual step.
 */
import { ensureDebianPackage } from '../support/ensureDebianPackage.js';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Launch flags for a quiet, offline, headless run in a container (no sandbox as root, no GPU). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Resolves to the Chromium executable, installing Debian's package first when it is missing. */
export function ensureChromium(): Promise<string> {
  return ensureDebianPackage(CHROMIUM_PATH, ['chromium']);
}
