import { createInProcessQueue } from './in-process-queue';
import { describeJobQueue } from './queue-contract';

describeJobQueue('the in-process job queue', (clock) => Promise.resolve(createInProcessQueue(clock)));
