import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clusterConfig } from '../../../scripts/cluster.mjs';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-flags.mjs';
import { REPO_ROOT } from './support.js';

const TEMPLATE = path.join(REPO_ROOT, 'deploy/haproxy.cfg');
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';

/** `haproxy -c`: the configuration parses and every reference in it resolves. */
function check(file: string): string {
  return execFileSync(HAPROXY, ['-c', '-f', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('deploy/haproxy.cfg', () => {
  it('is a valid HAProxy configuration as shipped', () => {
    expect(check(TEMPLATE)).toContain('Configuration file is valid');
  });

  it('becomes a local cluster’s configuration with one server per instance in both backends, everything else kept', () => {
    const template = fs.readFileSync(TEMPLATE, 'utf8');
    const generated = clusterConfig(template, { port: 18080, statsPort: 18404, instancePorts: [13001, 13002, 13003] });
    expect(generated).toContain('    bind 127.0.0.1:18080\n');
    expect(generated).toContain('    bind 127.0.0.1:18404\n');
    expect(generated).not.toMatch(/^\s*bind :80\s*$/m);
    expect(generated.match(/^\s*server .*$/gm)).toEqual([
      '    server souq1 127.0.0.1:13001 cookie souq1',
      '    server souq2 127.0.0.1:13002 cookie souq2',
      '    server souq3 127.0.0.1:13003 cookie souq3',
      '    server souq1 127.0.0.1:13001 track souq/souq1',
      '    server souq2 127.0.0.1:13002 track souq/souq2',
      '    server souq3 127.0.0.1:13003 track souq/souq3',
    ]);
    for (const kept of [
      'http-request set-header X-Request-Id %[unique-id]',
      'cookie souq_lb insert indirect nocache httponly',
      'http-check send meth GET uri /api/ready',
      'timeout tunnel 1h',
    ]) {
      expect(generated).toContain(kept);
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-haproxy-'));
    try {
      fs.writeFileSync(path.join(dir, 'haproxy.cfg'), generated);
      expect(check(path.join(dir, 'haproxy.cfg'))).toContain('Configuration file is valid');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the server’s Node flags', () => {
  it('are the same wherever a server is started by hand: `npm start` and the README’s instances', () => {
    const start = (
      JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
    ).scripts.start;
    const instances = fs
      .readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('apps/server/src/main.ts &'));
    expect(instances.length).toBeGreaterThan(0);
    for (const command of [start, ...instances]) {
      for (const flag of SERVER_NODE_FLAGS) expect(command).toContain(` ${flag} `);
    }
  });
});
