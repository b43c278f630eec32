import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FirstScreen, FirstScreenLoad, Locale } from '@souq/shared';

// Plain JavaScript, run as a worker thread: it loads the web app's server bundle (plain ESM, its
// npm imports resolved beside it) and renders there. The data a render asks for is read by the
// main thread, which owns the app: `load` is a round trip through the message port.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { AsyncLocalStorage } = require('node:async_hooks');
// Which render a load is for: the main thread keeps what each render read.
const rendering = new AsyncLocalStorage();
const loads = new Map();
let nextLoad = 0;
const load = (path) =>
  new Promise((resolve, reject) => {
    const id = ++nextLoad;
    loads.set(id, { resolve, reject });
    parentPort.postMessage({ kind: 'load', id, render: rendering.getStore(), path });
  });
const renderer = import(workerData.entry).then((bundle) => bundle.createFirstScreenRenderer(load));
renderer.catch(() => {});
parentPort.on('message', async (message) => {
  if (message.kind === 'loaded') {
    const waiting = loads.get(message.id);
    loads.delete(message.id);
    if (message.error !== undefined) waiting?.reject(new Error(message.error));
    else waiting?.resolve({ status: message.status, body: message.body });
    return;
  }
  try {
    const render = await renderer;
    const screen = await rendering.run(message.id, () => render(message.url, message.locale));
    parentPort.postMessage({ kind: 'rendered', id: message.id, screen });
  } catch (error) {
    parentPort.postMessage({ kind: 'rendered', id: message.id, error: String((error && error.stack) || error) });
  }
});
`;

type FromWorker =
  | { kind: 'load'; id: number; render?: number; path: string }
  | { kind: 'rendered'; id: number; screen?: FirstScreen | null; error?: string };

/** An API path a render read, and what it got. */
export interface Read {
  path: string;
  status: number;
  body: string;
}

/** A rendered screen and everything it was rendered from. */
export interface Rendered {
  screen: FirstScreen | null;
  reads: Read[];
}

interface Pending {
  reads: Read[];
  resolve: (rendered: Rendered) => void;
  reject: (error: Error) => void;
}

/**
 * Renders first screens on a worker thread (issue 29): a render is some milliseconds of React, and
 * on the thread that answers requests every visit waiting meanwhile waited for it. The worker is
 * started on the first render and again after it dies; the renders it was doing then fail, and
 * their pages fall back to the static shell (first-screen.ts). Each render comes back with the
 * API answers it read, so the caller can tell whether rendering again would give the same screen.
 */
export function firstScreenWorker(
  entry: string,
  load: FirstScreenLoad,
): ((url: string, locale: Locale) => Promise<Rendered>) & { stop(): Promise<void> } {
  let worker: Worker | undefined;
  let nextRender = 0;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  const answerLoad = async (running: Worker, message: Extract<FromWorker, { kind: 'load' }>) => {
    try {
      const { status, body } = await load(message.path);
      pending.get(message.render ?? -1)?.reads.push({ path: message.path, status, body });
      running.postMessage({ kind: 'loaded', id: message.id, status, body });
    } catch (error) {
      running.postMessage({ kind: 'loaded', id: message.id, error: String(error) });
    }
  };
  const start = (): Worker => {
    const running = new Worker(WORKER, { eval: true, workerData: { entry: pathToFileURL(entry).href } });
    // Never what keeps a process alive: the server's listener is.
    running.unref();
    running.on('message', (message: FromWorker) => {
      if (message.kind === 'load') {
        void answerLoad(running, message);
        return;
      }
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve({ screen: message.screen ?? null, reads: waiting.reads });
    });
    const gone = (error: Error) => {
      if (worker === running) worker = undefined;
      failAll(error);
    };
    running.once('error', gone);
    running.once('exit', (code) => gone(new Error(`the first-screen worker exited (${code})`)));
    return running;
  };

  const render = (url: string, locale: Locale) =>
    new Promise<Rendered>((resolve, reject) => {
      worker ??= start();
      const id = ++nextRender;
      pending.set(id, { reads: [], resolve, reject });
      worker.postMessage({ kind: 'render', id, url, locale });
    });
  return Object.assign(render, {
    async stop() {
      const running = worker;
      worker = undefined;
      await running?.terminate();
    },
  });
}
