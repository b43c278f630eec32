import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedDocument } from '../src/http/api-docs.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

/** A linter's findings as `rule at where: message`, whatever its exit code (non-zero when it finds any). */
async function findings(command: string, args: string[]): Promise<string> {
  const { stdout } = await run(bin(command), args, { cwd: root, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  return stdout;
}

/**
 * The published document, as a client team's tools read it: Redocly's recommended rules and
 * Spectral's `spectral:oas`, with nothing to say beyond what redocly.yaml and .spectral.yaml turn
 * off (each with its reason).
 */
describe('the OpenAPI document, linted', { timeout: 120_000 }, () => {
  let dir: string;
  let file: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-openapi-'));
    file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(publishedDocument('http://localhost:3000'), null, 1));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('passes Redocly’s recommended rules with no error and no warning', async () => {
    const out = await findings('redocly', ['lint', file, '--config', 'redocly.yaml', '--format', 'json']);
    const problems = (
      JSON.parse(out) as { problems: { ruleId: string; message: string; location: { pointer: string }[] }[] }
    ).problems;
    expect(problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
  });

  it('passes Spectral’s spectral:oas with nothing to say, hints included', async () => {
    const out = await findings('spectral', [
      'lint',
      file,
      '--ruleset',
      '.spectral.yaml',
      '--format',
      'json',
      '--quiet',
    ]);
    const problems = JSON.parse(out.trim() || '[]') as { code: string; path: string[]; message: string }[];
    expect(problems.map((p) => `${p.code} at ${p.path.join('/')}: ${p.message}`)).toEqual([]);
  });
});
