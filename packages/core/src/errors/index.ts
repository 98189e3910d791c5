export * from './api-error';
export * from './build-error-message';
export * from './messages';
export * from './error-message-for-status';
