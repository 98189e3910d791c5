// @murmur/engine/testing — the small hand-written networks the engine's tests build indexes from, for
// the tests of the packages built on the engine (@murmur/engine-cluster). Not for product code.
export * from './fixture';
export * from './network-a';
