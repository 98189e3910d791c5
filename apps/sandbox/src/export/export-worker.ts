import { parentPort, workerData } from 'node:worker_threads';
import { accountJson, postJson } from './record-json';
import { networkView, type SharedExportData } from './shared-network';

/** A block of consecutive records for a worker to write: accounts or posts [from, to). */
export interface ExportTask {
  id: number;
  type: 'accounts' | 'posts';
  from: number;
  to: number;
}

export interface ExportTaskResult {
  id: number;
  /** The block's NDJSON lines, each ending in a newline. */
  text: string;
}

const data = workerData as SharedExportData;
const net = networkView(data);

parentPort!.on('message', (task: ExportTask) => {
  let text = '';
  if (task.type === 'accounts') {
    for (let i = task.from; i < task.to; i++) {
      const line = accountJson(net, i, data.postCounts[i]!);
      if (line) text += line + '\n';
    }
  } else {
    for (let p = task.from; p < task.to; p++) {
      const line = postJson(net, p, data.engagements);
      if (line) text += line + '\n';
    }
  }
  parentPort!.postMessage({ id: task.id, text } satisfies ExportTaskResult);
});
