export * from './constants';
export * from './common';
export * from './auth';
export * from './user';
export * from './team';
export * from './audiences';
export * from './catalogues';
export * from './social';
export type * from './routes';
