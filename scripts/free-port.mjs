import net from 'node:net';

/** A TCP port nobody listens on now, found by letting the OS pick one (every test, bench and the cluster script use it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
