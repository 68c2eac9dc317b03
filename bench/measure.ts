import { readFileSync } from 'node:fs';

/** Resident memory of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
}

/** The p-th percentile of values sorted ascending (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

export const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process's resident memory at rest: the median of 3 s of samples (a resting server's moves by tens of MB as its threads collect). */
export async function restingRssMb(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 30; i++, await sleep(100)) samples.push(rssMb(pid));
  return percentile(
    samples.sort((a, b) => a - b),
    50,
  );
}
