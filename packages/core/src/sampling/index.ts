// One sampling model for every figure (docs/decisions/006-sampling-model.md): a source's rate,
// the population estimate with its 95 % interval, and the figure kinds the API labels sizes with.
export * from './interval';
export * from './model';
export * from './figure';
export * from './x-estimate';
export * from './change';
export * from './net-change';
