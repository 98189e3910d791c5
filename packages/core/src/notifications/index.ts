export * from './types';
export * from './notification-store';
