export * from './email';
export * from './field-label';
export * from './form-validator';
export * from './email-list';
export * from './confirm-code';
