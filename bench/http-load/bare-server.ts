/**
 * The yardstick: about the least a Node HTTP server can do per request (a small JSON answer),
 * so the app's throughput reads as a share of what this machine and this Node can do at all.
 */
import http from 'node:http';

const body = JSON.stringify({ hello: 'world' });
http
  .createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
