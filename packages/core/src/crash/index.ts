export * from './crash-handler';
