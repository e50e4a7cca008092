import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Debian packages the tests need beyond npm: Chromium and Firefox ESR for the browser tests (never a
 * downloaded browser), ffmpeg and pocketsphinx for the local media pipeline, and Java for DynamoDB Local.
 * Missing ones are installed with apt when running as root; otherwise the run stops with one line
 * naming them. No suite is ever skipped silently.
 */
interface SystemPackage {
  name: string;
  present: () => boolean;
}

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const dpkgInstalled = (pkg: string) =>
  spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout?.includes('install ok installed') ?? false;

export const systemPackages: SystemPackage[] = [
  { name: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  { name: 'firefox-esr', present: () => existsSync('/usr/bin/firefox-esr') },
  { name: 'ffmpeg', present: () => onPath('ffmpeg') && onPath('ffprobe') },
  { name: 'pocketsphinx', present: () => onPath('pocketsphinx_continuous') },
  { name: 'pocketsphinx-en-us', present: () => dpkgInstalled('pocketsphinx-en-us') },
  { name: 'openjdk-17-jre-headless', present: () => onPath('java') },
];

export const ensureSystemPackages = (packages: SystemPackage[] = systemPackages): void => {
  const missing = packages.filter((pkg) => !pkg.present()).map((pkg) => pkg.name);
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !onPath('apt-get')) {
    console.error(`Missing system packages: ${missing.join(' ')} — install them (sudo apt-get install -y ${missing.join(' ')}) and run again.`);
    process.exit(1);
  }
  console.log(`Installing system packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install =
    update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env }) : update;
  const still = packages.filter((pkg) => !pkg.present()).map((pkg) => pkg.name);
  if (install.status !== 0 || still.length > 0) {
    console.error(`Could not install system packages: ${still.join(' ') || missing.join(' ')} — install them with apt-get and run again.`);
    process.exit(1);
  }
};
