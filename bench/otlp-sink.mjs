// A local OTLP/HTTP receiver for benchmarking the api with traces on: takes every POST to /v1/traces, counts the
// exports and their bytes, and answers each with an empty (successful) response, as a collector would.
//   node bench/otlp-sink.mjs [port]   (default 4318, on 127.0.0.1; prints the counts every 10 s and on Ctrl-C)
import http from 'node:http';

const port = Number(process.argv[2] || process.env.OTLP_SINK_PORT || 4318);
let exports = 0;
let bytes = 0;
const server = http.createServer((req, res) => {
  let size = 0;
  req.on('data', (chunk) => (size += chunk.length));
  req.on('end', () => {
    if (req.method === 'POST' && req.url === '/v1/traces') {
      exports += 1;
      bytes += size;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    } else {
      res.writeHead(404).end();
    }
  });
});
const report = () => console.log(`[otlp-sink] ${exports} exports, ${(bytes / 1024 / 1024).toFixed(1)} MiB of spans`);
server.listen(port, '127.0.0.1', () => console.log(`[otlp-sink] http://127.0.0.1:${port}/v1/traces`));
setInterval(report, 10_000).unref();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    report();
    // Exporters keep their connections open between batches: closed here, or the close would wait for them.
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
