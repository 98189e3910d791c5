import { parseArgs } from 'node:util';
import { configFromEnv, resolveConfig } from './config';
import { generateNetwork } from './generate/network';
import { networkStats } from './stats/network-stats';
import { formatRows, statRows } from './stats/report';

/**
 * npm run sandbox:stats -- [--accounts N] [--seed S] [--days D]
 * Generates the network and prints its statistics beside the targets; exits 1 on any FAIL.
 * Defaults come from SANDBOX_ACCOUNTS / SANDBOX_SEED like the server's.
 */
const { values } = parseArgs({
  options: { accounts: { type: 'string' }, seed: { type: 'string' }, days: { type: 'string' } },
});
const env = configFromEnv();
const config = resolveConfig({
  seed: values.seed ?? env.seed,
  accounts: values.accounts ? Number(values.accounts.replace(/_/g, '')) : env.accounts,
  historyDays: values.days ? Number(values.days) : env.historyDays,
  // An explicit SANDBOX_SCALE wins; otherwise the size decides it (the sandbox stands for ~550M).
  ...(process.env.SANDBOX_SCALE ? { scale: env.scale } : {}),
});
const { accounts } = config;

console.log(
  `Generating ${accounts.toLocaleString('en-US')} accounts, seed "${config.seed}", ${config.historyDays} days of history…`,
);
const started = performance.now();
const cpuStart = process.cpuUsage();
const net = generateNetwork(config, (stage, seconds) =>
  console.log(`  ${stage.padEnd(14)} ${seconds.toFixed(1)} s`),
);
const cpu = process.cpuUsage(cpuStart);
const cost = {
  seconds: (performance.now() - started) / 1000,
  cpuSeconds: (cpu.user + cpu.system) / 1e6,
  // maxRSS is in KiB; read it before the statistics allocate their own working memory.
  peakBytes: process.resourceUsage().maxRSS * 1024,
};
console.log('Measuring…\n');
const rows = statRows(networkStats(net), cost);
console.log(formatRows(rows));
const failed = rows.filter((r) => r.pass === false);
console.log(failed.length === 0 ? '\nAll targets met.' : `\n${failed.length} target(s) missed.`);
process.exitCode = failed.length === 0 ? 0 : 1;
