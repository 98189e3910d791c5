export * from './large-number';
export * from './percent';
export * from './currency';
export * from './relative-time';
export * from './date';
export * from './truncate';
export { toDate, type DateInput } from './to-date';
export { NO_VALUE } from './no-value';
