import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` on the Node the project declares prints no EBADENGINE warning: every package in the
 * lock file accepts the lowest Node of `engines.node` (optional platform packages npm skips
 * quietly are left out). A dependency update that wants a newer Node fails here, not on install.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

interface LockedPackage {
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
}

describe('engines', () => {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    engines: { node: string };
  };
  const lowest = semver.minVersion(manifest.engines.node)!.version;

  it('declares Node 20 (what the machines and the image run), and runs on it', () => {
    expect(lowest).toMatch(/^20\./);
    expect(semver.satisfies(process.version, manifest.engines.node)).toBe(true);
  });

  it('locks no package that wants a newer Node than the lowest declared', () => {
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockedPackage>;
    };
    const wanting = Object.entries(lock.packages)
      .filter(([, entry]) => !entry.optional)
      .flatMap(([where, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !semver.satisfies(lowest, range) ? [`${where}@${entry.version}: node ${range}`] : [];
      });
    expect(wanting).toEqual([]);
  });
});
