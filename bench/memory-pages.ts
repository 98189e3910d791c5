// What a benchmark's figures depend on for fresh memory (docs/server.md "Memory"): whether glibc's
// malloc asks for huge pages (GLIBC_TUNABLES, set by the npm scripts) and the kernel's THP mode.
import { readFileSync } from 'node:fs';

/** e.g. "huge pages: glibc.malloc.hugetlb=1, THP madvise". */
export function memoryPagesLine(): string {
  let thp = 'unknown';
  try {
    thp = /\[(\w+)\]/.exec(readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8'))?.[1] ?? thp;
  } catch {
    // not Linux, or no THP
  }
  return `huge pages: ${process.env.GLIBC_TUNABLES || 'glibc default'}, THP ${thp}`;
}
