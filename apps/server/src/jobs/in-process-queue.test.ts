import { createInProcessQueue } from './in-process-queue';
import { describeJobQueue } from './queue-contract';

describeJobQueue('the in-process job queue', ({ clock, limits, sweepMs }) =>
  Promise.resolve(createInProcessQueue(clock, { limits, sweepMs })),
);
