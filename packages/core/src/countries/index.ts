export * from './countries';
export * from './aliases';
export * from './country-key';
export * from './normalise-country';
export * from './regions';
