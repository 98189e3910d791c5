export * from './avatar-initials';
export * from './avatar-color';
