// @murmur/engine/testing — the small hand-written networks the engine's tests build indexes from, for
// the tests of the packages built on the engine (@murmur/engine-cluster), and the model of a network
// that random live events change (live-model.ts). Not for product code.
export * from './fixture';
export * from './network-a';
export { NETWORK_B } from './network-b';
export { Model, baseModel, randomEvents } from './live-model';
export { lookalikeFans } from './live-fans';
export { seededRandom } from './random';
