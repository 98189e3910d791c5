// Child process of bench/api/run.ts: the baseline, a bare Fastify answering one JSON hello with no
// logging, plugins or database. Sends its URL to the parent over IPC.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ url });
process.once('SIGTERM', () => process.exit(0));
