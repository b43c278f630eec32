/**
 * Where a process allocates, garbage included: V8's sampling heap profiler, started through an
 * inspector session, keeps even the objects the young and old collections have freed (which
 * `--heap-prof` drops), so short-lived per-request garbage shows up. `npm run bench:bids -- --heap`
 * preloads it into the server (`node --import bench/support/heap-sampling.mjs`).
 *
 * Sampling starts HEAP_FROM_MS after start-up (default 6,000: past loading and the warm-up's
 * start) and the profile is written to HEAP_OUT when the process gets SIGTERM. Open it in
 * Chrome DevTools (Memory, Load) or sum its nodes' selfSize by function.
 */
import fs from 'node:fs';
import inspector from 'node:inspector';

const session = new inspector.Session();
session.connect();
setTimeout(
  () => {
    session.post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  },
  Number(process.env.HEAP_FROM_MS ?? 6000),
).unref();
process.once('SIGTERM', () => {
  session.post('HeapProfiler.stopSampling', (error, result) => {
    if (!error) fs.writeFileSync(process.env.HEAP_OUT ?? 'heap.json', JSON.stringify(result.profile));
    process.exit(0);
  });
});
