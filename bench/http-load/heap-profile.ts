import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { frameKey } from './cpu-profile.js';

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

/** Where to have the server write its allocation profile (`support/heap-sampling.mjs`), and the node arguments that load it. */
export function heapProfileFile(prefix: string): { file: string; nodeArgs: string[]; env: Record<string, string> } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), prefix)), 'heap.json');
  return { file, nodeArgs: ['--import', path.resolve('bench/support/heap-sampling.mjs')], env: { HEAP_OUT: file } };
}

/** The functions that allocated most (garbage included), as shares of every sampled byte. */
export function heapReport(file: string, top = 12): string {
  // Sampling starts in the server's sixth second (support/heap-sampling.mjs): a shorter run has no profile.
  if (!fs.existsSync(file))
    throw new Error(
      'the server wrote no allocation profile: sampling starts 6 s after it starts, so run longer (--seconds)',
    );
  const { head } = JSON.parse(fs.readFileSync(file, 'utf8')) as { head: HeapNode };
  const bytes = new Map<string, number>();
  let total = 0;
  const walk = (node: HeapNode) => {
    const key = frameKey(node.callFrame);
    bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
    total += node.selfSize;
    node.children.forEach(walk);
  };
  walk(head);
  const lines = [
    `${(total / 1e6).toFixed(0)} MB allocated from the server's sixth second until it stopped\n`,
    '| share | function | where |',
    '|---:|---|---|',
  ];
  for (const [key, size] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`| ${((100 * size) / total).toFixed(1)}% | ${key} |`);
  return `${lines.join('\n')}\n\n(profile: ${file}; open it in Chrome DevTools, Memory, Load)`;
}
