import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json' with { type: 'json' };
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REQUIRED_IN_PRODUCTION } from '@patentscout/server/config';

/**
 * No Docker engine runs here, so the deployment files are checked as files: the compose file
 * against the Compose Specification's JSON schema (vendored, tests/fixtures/README.md) and against
 * what the product needs of it; the Dockerfile for what the production image must do.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

/** The vendored schema names draft-07 by its https address, which Ajv knows under http. */
function composeValidator(formats: { duration: RegExp | true }) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addMetaSchema({ ...draft07, $id: 'https://json-schema.org/draft-07/schema' });
  // Compose's own formats: durations ("15s", "1m30s"); ports are checked by Compose itself.
  ajv.addFormat('duration', formats.duration);
  ajv.addFormat('ports', true);
  return ajv.compile(JSON.parse(read('tests/fixtures/compose-spec.json')));
}

interface ComposeService {
  image?: string;
  build?: unknown;
  profiles?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, unknown>;
  volumes?: string[];
  ports?: string[];
  healthcheck?: { test: string[] };
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const services = compose.services;

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    const validate = composeValidator({ duration: /^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$/ });
    const raw = parse(read('docker-compose.yml'), { merge: true });
    const valid = validate(raw);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('is invalid when a service says something Compose does not know (the check bites)', () => {
    const validate = composeValidator({ duration: true });
    const broken = structuredClone(compose) as unknown as {
      services: Record<string, Record<string, unknown>>;
    };
    broken.services.app!.restart_policy = 'always';
    expect(validate(broken)).toBe(false);
  });

  it('runs the one image as a web server and a worker beside Postgres 18', () => {
    expect(services.app?.image).toBe('patentscout:latest');
    expect(services.worker?.image).toBe(services.app?.image);
    expect(services.app?.build).toBe('.');
    expect(services.app?.environment?.ROLE).toBe('web');
    expect(services.worker?.environment?.ROLE).toBe('worker');
    expect(services.postgres?.image).toBe('postgres:18');
    for (const name of ['app', 'worker']) {
      const service = services[name]!;
      expect(service.environment?.NODE_ENV).toBe('production');
      expect(service.depends_on).toHaveProperty('postgres');
      for (const variable of REQUIRED_IN_PRODUCTION)
        expect(service.environment, variable).toHaveProperty(variable);
      expect(service.healthcheck?.test.join(' ')).toMatch(/\/readyz/);
    }
    // The worker opens no web port: its check uses METRICS_PORT.
    expect(services.worker?.healthcheck?.test.join(' ')).toContain(
      `:${services.worker?.environment?.METRICS_PORT}/`,
    );
    expect(services.app?.profiles).toBeUndefined();
  });

  it('adds a mail catcher and the Firebase Auth emulator in the staging profile', () => {
    expect(services.mailpit?.image).toMatch(/^axllent\/mailpit:/);
    expect(services.mailpit?.profiles).toEqual(['staging']);
    expect(services['auth-emulator']?.profiles).toEqual(['staging']);
    const staging = Object.fromEntries(
      read('deploy/staging.env')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(staging.SMTP_URL).toBe('smtp://mailpit:1025');
    expect(staging.FIREBASE_AUTH_EMULATOR_HOST).toBe('auth-emulator:9099');
    expect(staging.FIREBASE_PROJECT_ID).toMatch(/^demo-/);
    // Browsers cannot resolve a compose name: they get the published host port.
    const published = services['auth-emulator']?.ports?.map(String) ?? [];
    expect(published).toEqual(['${AUTH_EMULATOR_PUBLIC_PORT:-9099}:9099']);
    expect(staging.FIREBASE_AUTH_EMULATOR_PUBLIC_URL).toBe(
      `http://localhost:${staging.AUTH_EMULATOR_PUBLIC_PORT}`,
    );
    expect(services.app?.environment?.FIREBASE_AUTH_EMULATOR_PUBLIC_URL).toBe(
      '${FIREBASE_AUTH_EMULATOR_PUBLIC_URL:-}',
    );
  });

  it('keeps its data in named volumes that it declares', () => {
    const used = Object.values(services)
      .flatMap((service) => service.volumes ?? [])
      .map((volume) => volume.split(':')[0]!)
      .filter((source) => !source.startsWith('.'));
    expect(used).toEqual(expect.arrayContaining(['pgdata', 'appdata']));
    for (const source of used) expect(Object.keys(compose.volumes)).toContain(source);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split('\n').filter((line) => /^FROM /.test(line));

  it('builds in one stage and runs production dependencies only, as a non-root user, with a health check', () => {
    expect(stages).toHaveLength(2);
    expect(stages.every((line) => /node:20/.test(line))).toBe(true);
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/RUN npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    expect(dockerfile).toMatch(/CMD \["node", .*"dist\/server\.js"\]/);
  });

  it('copies the package.json of every workspace before npm ci', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces) {
      const copies =
        dockerfile.match(new RegExp(`^COPY ${workspace}/package\\.json ${workspace}/$`, 'gm')) ?? [];
      expect(copies, workspace).toHaveLength(2);
    }
  });
});
