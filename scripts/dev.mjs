// Development: the API server (restarts on change) and Vite's dev server (hot reload, proxying the API).
import { spawn } from 'node:child_process';

// The browser reaches the app on Vite's port, so that is the public URL: sign-in providers (and the
// sandbox's stand-ins, which accept only callbacks on PUBLIC_URL) send it back there, mails link there.
const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL || 'http://localhost:5173' };
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env,
  }),
  spawn('npm', ['run', 'dev', '-w', '@murmur/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && code !== 0 && stop()));
