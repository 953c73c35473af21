import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { parse } from 'yaml';

// The packaging files, checked without a Docker engine (there is none on this project's CI
// machine): the Dockerfile is multi-stage, runs the compiled judge as a non-root user under
// tini, copies only files that exist and every run-time folder the npm package holds; docker-compose.yml parses and builds the judge from
// it; the systemd unit passes `systemd-analyze verify` where systemd is installed.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

it('the Dockerfile builds in one stage and runs dist/lib in another, as user node under tini', () => {
  const lines = read('Dockerfile')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const stages = lines.filter((line) => line.startsWith('FROM '));
  expect(stages).toEqual(['FROM node:24-bookworm-slim AS build', 'FROM node:24-bookworm-slim AS runtime']);
  const runtime = lines.slice(lines.indexOf(stages[1]!));
  expect(runtime).toContain('USER node');
  expect(runtime.some((line) => line.startsWith('RUN npm ci --omit=dev'))).toBe(true);
  expect(runtime).toContain('COPY --from=build /app/dist/lib ./dist/lib');
  expect(runtime).toContain('ENTRYPOINT ["/usr/bin/tini", "--", "node", "bin/dipjudge.js"]');
  expect(runtime).toContain('CMD ["serve"]');
  // The HTTP side answers on 8080 beyond the container, and Docker's health check reads /healthz.
  expect(runtime).toContain('EXPOSE 8080');
  expect(runtime.join('\n')).toMatch(/DIPJUDGE_HTTP_PORT=8080[^]*DIPJUDGE_HTTP_HOST=0\.0\.0\.0/);
  expect(runtime.join('\n')).toMatch(/HEALTHCHECK [^]*http:\/\/127\.0\.0\.1:8080\/healthz/);
  // Every file or folder copied from the context exists (a missing one would fail the build).
  for (const line of lines.filter((l) => l.startsWith('COPY ') && !l.includes('--from='))) {
    const sources = line.slice('COPY '.length).split(/\s+/).slice(0, -1);
    for (const source of sources.filter((s) => s !== '.')) expect(existsSync(path.join(ROOT, source)), `${line}: ${source}`).toBe(true);
  }
  // The image holds what the package holds for the judge to run (package.json's `files`, which
  // installed-package.test.ts installs and runs): the compiled code, the data and the font.
  const { files } = JSON.parse(read('package.json')) as { files: string[] };
  const runTimeFolders = files.filter((f) => f.endsWith('/') && !f.startsWith('!') && f !== 'dist/types/').map((f) => f.slice(0, -1));
  expect(runTimeFolders).toEqual(expect.arrayContaining(['bin', 'dist/lib', 'fonts', 'maps', 'geometry', 'variants', 'sql']));
  for (const folder of runTimeFolders) {
    expect(runtime, folder).toContain(folder === 'dist/lib' ? 'COPY --from=build /app/dist/lib ./dist/lib' : `COPY ${folder} ./${folder}`);
  }
});

it('docker-compose.yml parses and runs the judge built from the Dockerfile, with its data on a volume, its passwords in secret files and its port on this machine only', () => {
  type Service = { build?: string; command?: unknown; volumes?: string[]; ports?: string[]; environment?: Record<string, string>; secrets?: string[] };
  const compose = parse(read('docker-compose.yml')) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
    secrets: Record<string, { file: string }>;
  };
  const judge = compose.services.dipjudge!;
  expect(judge.build).toBe('.');
  expect(judge.command).toBeUndefined();
  expect(judge.volumes).toEqual(['dipjudge-data:/data']);
  expect(judge.ports).toEqual(['127.0.0.1:8080:8080']);
  expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['postgres-data', 'dipjudge-data']));
  expect(judge.environment?.DATABASE_URL_FILE).toBe('/run/secrets/database_url');
  expect(judge.environment?.IMAP_URL_FILE).toBe('/run/secrets/imap_url');
  expect(judge.secrets).toEqual(['database_url', 'imap_url']);
  expect(compose.services.postgres!.environment?.POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres_password');
  for (const name of [...judge.secrets!, ...compose.services.postgres!.secrets!]) expect(compose.secrets[name]?.file).toMatch(/^\.\/secrets\//);
  // No password in the judge's or the database's environment: no URL with user:password@, no *_PASSWORD.
  for (const service of [judge, compose.services.postgres!]) {
    for (const [name, value] of Object.entries(service.environment ?? {})) {
      expect(value, name).not.toMatch(/:\/\/[^/@]*:[^/@]*@/);
      expect(name).not.toMatch(/PASSWORD$/);
    }
  }
});

it('the example systemd unit passes systemd-analyze verify and rates "OK" or better in systemd-analyze security', async () => {
  const unit = path.join(ROOT, 'deploy', 'dipjudge.service');
  const text = read('deploy/dipjudge.service');
  expect(text).toMatch(/^ExecStart=\/usr\/bin\/env dipjudge serve$/m);
  // What the judge writes (backups too) is its user's alone; V8's JIT needs writable code pages.
  expect(text).toMatch(/^UMask=0077$/m);
  expect(text).not.toMatch(/^MemoryDenyWriteExecute=yes/m);
  if (!existsSync('/usr/bin/systemd-analyze')) return;
  const { stderr } = await promisify(execFile)('/usr/bin/systemd-analyze', ['verify', unit]);
  expect(stderr).toBe('');
  const { stdout } = await promisify(execFile)('/usr/bin/systemd-analyze', ['security', '--offline=true', unit]);
  expect(stdout).toMatch(/Overall exposure level for dipjudge\.service: [0-3]\.\d (SAFE|OK)/);
});
