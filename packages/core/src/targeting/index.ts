export * from './enums';
export * from './enum-schemas';
export * from './normalise';
export * from './targeting-package';
export * from './non-empty';
export * from './limits';
export * from './extension';
export * from './interest-names';
