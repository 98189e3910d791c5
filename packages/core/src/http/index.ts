export * from './query-string';
export * from './join-url';
