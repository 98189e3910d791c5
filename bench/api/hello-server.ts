// Child process of bench/api/run.ts: the baseline, a bare Fastify answering one JSON hello with no
// logging, plugins or database. Sends its URL to the parent over IPC.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ url });
// bench/api/run.ts asks for this process's CPU time before and after each case (its CPU per request).
process.on('message', (m) => {
  if (m === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});
process.once('SIGTERM', () => process.exit(0));
