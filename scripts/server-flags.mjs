/**
 * Node's flags for every server process (`npm start`, the cluster, the benches). package.json's
 * `start` writes them out too (npm scripts cannot import), and a test keeps the two the same.
 *
 * --max-semi-space-size=32: V8's young generation at 32 MB a half instead of 16. At tens of
 * thousands of requests a second the in-flight requests' objects outlived the small one's
 * collections, were promoted, and brought a full collection every 2–4 s whose marking and pause
 * stalled every open request for 20–60 ms: `GET /` p99 8–15 ms against 4.5–5.3 with it, at the
 * same throughput (issue 29, bench/README.md). It costs up to 48 MB more memory.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
