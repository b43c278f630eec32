import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  /** Microseconds since the previous sample (the first: since the profile started). */
  timeDeltas: number[];
}

/** Who owns a frame: a package under node_modules, our own code, Node itself, or V8's pseudo-frames. */
function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const parts = url.slice(inModules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) return 'node (internals)';
  if (url.includes('/packages/shared/')) return '@souq/shared';
  if (url.includes('/apps/server/src/')) return 'app (apps/server/src)';
  return url.replace(/^file:\/\//, '');
}

// CPU profiles name files by file:// URL, heap profiles by path.
const shortUrl = (url: string) =>
  url.replace(/^(file:\/\/)?\/.*?node_modules\//, '').replace(/^(file:\/\/)?\/.*?\/(apps|packages|bench)\//, '$2/');

/** A profile frame as the reports name it: `function | file:line`, the file short. */
export function frameKey({
  functionName,
  url,
  lineNumber,
}: {
  functionName: string;
  url: string;
  lineNumber: number;
}): string {
  return `${functionName || '(anonymous)'} | ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`;
}

/**
 * A Markdown summary of a V8 CPU profile: the functions with the most self time, and each
 * package's inclusive share (samples with at least one of its frames on the stack). Only samples
 * within `window` (ms since the process started) count, so start-up and shutdown stay out.
 */
function summarizeProfile(file: string, window: { fromMs: number; toMs: number }, top = 15): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  let at = 0;
  const inWindow = profile.samples.filter((_, i) => {
    at += profile.timeDeltas[i]! / 1000;
    return at >= window.fromMs && at <= window.toMs;
  });
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  for (const id of inWindow) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') continue;
    busy++;
    const key = frameKey(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + 1);
    const owners = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.functionName === '(root)') continue;
      owners.add(ownerOf(frame.url, frame.functionName));
    }
    for (const o of owners) inclusive.set(o, (inclusive.get(o) ?? 0) + 1);
  }
  const pct = (n: number) => `${((100 * n) / busy).toFixed(1)}%`;
  const idle = inWindow.length - busy;
  const lines = [
    `${inWindow.length} samples from ${Math.round(window.fromMs)} to ${Math.round(window.toMs)} ms after the server started, ${((100 * idle) / inWindow.length).toFixed(1)}% idle; shares below are of the busy samples.`,
    '',
    '| self | function | where |',
    '|---:|---|---|',
    ...[...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, n]) => {
        const [fn, where] = key.split(' | ');
        return `| ${pct(n)} | ${fn} | ${where} |`;
      }),
    '',
    '| inclusive | package |',
    '|---:|---|',
    // Node's own frames and native code sit under nearly every stack; they say nothing here.
    ...[...inclusive.entries()]
      .filter(([owner]) => owner !== 'node (internals)' && owner !== '(native)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([owner, n]) => `| ${pct(n)} | ${owner} |`),
  ];
  return lines.join('\n');
}

/** A fresh directory for a server's CPU profile, and the Node flags that make it write one there as it exits. */
export function cpuProfileDir(prefix: string): { dir: string; nodeArgs: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] };
}

/** The profile a server wrote into `dir` as it exited, summarized over `window`, with its path to open. */
export function profileReport(dir: string, window: { fromMs: number; toMs: number }): string {
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no CPU profile');
  return `${summarizeProfile(path.join(dir, file), window)}\n\n(profile: ${path.join(dir, file)})`;
}
