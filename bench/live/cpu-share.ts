// Who used the machine's cores during a phase of bench:live (Linux /proc; elsewhere nothing is
// printed): this process's main thread, its other threads (the live reports thread, the collector's
// and the GC's helpers), and X's stand-in when it runs in a process of its own. On 2 cores a report
// in the reports thread competes with all of them, so its wall time is read beside these figures.
import { readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux: /proc's times are in hundredths of a second.

/** CPU time (ms) of a process or thread from its /proc stat line, undefined where unreadable. */
function statMs(path: string): number | undefined {
  try {
    const stat = readFileSync(path, 'utf8');
    // Fields after the command (which may hold spaces and parentheses): utime is the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

interface Reading {
  at: number;
  process: number;
  main: number | undefined;
  source: number | undefined;
}

function read(sourcePid: number | undefined): Reading {
  const cpu = process.cpuUsage();
  return {
    at: performance.now(),
    process: (cpu.user + cpu.system) / 1000,
    main: statMs(`/proc/self/task/${process.pid}/stat`),
    source: sourcePid === undefined ? undefined : statMs(`/proc/${sourcePid}/stat`),
  };
}

/** Starts measuring; the function returned says, in cores, what each used since. */
export function cpuShare(sourcePid: number | undefined): () => string {
  const start = read(sourcePid);
  return () => {
    const end = read(sourcePid);
    const wall = end.at - start.at;
    const cores = (ms: number) => (ms / wall).toFixed(2);
    const parts = [`this process ${cores(end.process - start.process)} cores`];
    if (start.main !== undefined && end.main !== undefined) {
      const main = end.main - start.main;
      parts.push(
        `its main thread ${cores(main)}, its other threads ${cores(end.process - start.process - main)}`,
      );
    }
    if (start.source !== undefined && end.source !== undefined)
      parts.push(`X's stand-in (its own process) ${cores(end.source - start.source)}`);
    return `CPU over ${(wall / 1000).toFixed(1)} s: ${parts.join('; ')}`;
  };
}
