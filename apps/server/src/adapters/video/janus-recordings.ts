import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A show as Janus recorded it, made into one WebM file. */
export interface ServerRecording {
  /** The whole WebM file (VP8 and Opus). */
  data: Buffer;
  /** When its first packet was written, on Janus's clock (ms since the epoch). */
  startedAtMs: number;
  durationMs: number;
}

/** One .mjr file: one track of one publisher's session. */
interface Track {
  file: string;
  kind: 'audio' | 'video';
  /** When its first packet was written (µs since the epoch). */
  firstAtUs: number;
}

/**
 * Janus names a recording `videoroom-<room>-user-<id>-<µs>-<audio|video|data>-<m-line>.mjr`: one
 * file per track, each with its own time. A session is one publisher id's tracks; a host who
 * reconnects, or a Janus restart, joins with a new id and so starts another session.
 */
const SESSION = /^(.*-user-[^-]+)-\d+-(audio|video|data)(?:-\d+)?\.mjr$/;

/** The header janus-pp-rec reads (`--json`): t(ype) a/v/d, u = first packet written (µs). */
async function readTrack(file: string): Promise<Track | null> {
  const { stdout } = await run('janus-pp-rec', ['--json', file], { maxBuffer: 1 << 20 });
  const header = JSON.parse(stdout.slice(stdout.indexOf('{'), stdout.lastIndexOf('}') + 1)) as {
    t?: string;
    u?: number;
    s?: number;
  };
  if (header.t !== 'a' && header.t !== 'v') return null;
  return { file, kind: header.t === 'a' ? 'audio' : 'video', firstAtUs: Number(header.u ?? header.s ?? 0) };
}

async function durationMsOf(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Math.round(Number.parseFloat(stdout) * 1000) || 0;
}

/** One session's tracks into one WebM: each track out of its .mjr, then muxed with their start times kept apart. */
async function sessionToWebm(tracks: Track[], work: string, name: string): Promise<string> {
  const inputs: string[] = [];
  const start = Math.min(...tracks.map((t) => t.firstAtUs));
  for (const track of tracks) {
    const out = path.join(work, `${name}-${track.kind}.${track.kind === 'audio' ? 'opus' : 'webm'}`);
    await run('janus-pp-rec', ['--debug-level', '1', track.file, out]);
    // A track that started later starts later in the file too, so sound stays with the picture.
    inputs.push('-itsoffset', ((track.firstAtUs - start) / 1e6).toFixed(3), '-i', out);
  }
  const joined = path.join(work, `${name}.webm`);
  await run('ffmpeg', ['-v', 'error', '-y', ...inputs, '-c', 'copy', '-f', 'webm', joined]);
  return joined;
}

/**
 * Janus's own recording of a show (issue 47, ADR 0057): each room records into its own directory,
 * and after the show Debian's `janus-pp-rec` turns each track into a file that ffmpeg muxes into
 * one WebM; several sessions (a reconnect) play one after another. Janus and our server must both
 * reach `dir` (the same machine, or a shared mount).
 */
export function createJanusRecordings(dir: string) {
  const roomDir = (room: number) => path.join(dir, String(room));

  return {
    roomDir,

    /** The room's recording as one WebM, or null when Janus recorded nothing. Its files are removed after. */
    async take(room: number): Promise<ServerRecording | null> {
      const names = await fs.readdir(roomDir(room)).catch(() => [] as string[]);
      const sessions = new Map<string, Track[]>();
      for (const name of names) {
        const session = SESSION.exec(name)?.[1];
        if (!session) continue;
        const track = await readTrack(path.join(roomDir(room), name));
        if (track) sessions.set(session, [...(sessions.get(session) ?? []), track]);
      }
      if (sessions.size === 0) return null;
      const ordered = [...sessions.values()]
        .map((tracks) => ({ tracks, firstAtUs: Math.min(...tracks.map((t) => t.firstAtUs)) }))
        .sort((a, b) => a.firstAtUs - b.firstAtUs);
      const work = await fs.mkdtemp(path.join(os.tmpdir(), 'souq-janus-'));
      try {
        const parts: string[] = [];
        for (const [i, session] of ordered.entries()) parts.push(await sessionToWebm(session.tracks, work, `s${i}`));
        let whole = parts[0]!;
        if (parts.length > 1) {
          whole = path.join(work, 'whole.webm');
          const list = path.join(work, 'parts.txt');
          await fs.writeFile(list, parts.map((p) => `file '${p}'`).join('\n'));
          await run('ffmpeg', ['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', whole]);
        }
        const recording = {
          data: await fs.readFile(whole),
          startedAtMs: Math.round(ordered[0]!.firstAtUs / 1000),
          durationMs: await durationMsOf(whole),
        };
        await fs.rm(roomDir(room), { recursive: true, force: true });
        return recording;
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    },
  };
}
