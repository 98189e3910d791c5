export * from './billing';
