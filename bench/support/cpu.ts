import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** Parent of every live process, read from /proc once per call. */
function parents(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (!stat) continue;
    const list = children.get(stat.ppid) ?? [];
    list.push(Number(entry));
    children.set(stat.ppid, list);
  }
  return children;
}

function readStat(pid: number): { ppid: number; ticks: number } | undefined {
  try {
    // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // exited meanwhile
  }
}

/**
 * CPU seconds (user + system) used so far by a process and all its descendants: Chromium's
 * renderers and GPU/network helpers count towards the browser that started them.
 */
export function treeCpuSeconds(root: number): number {
  const children = parents();
  let ticks = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    ticks += readStat(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return ticks / TICKS_PER_SECOND;
}
