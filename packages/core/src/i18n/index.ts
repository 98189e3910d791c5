export * from './languages';
export * from './server-messages';
