import { readConfig, type AppConfig } from './read-config';

export { readConfig, type AppConfig };

/** Runtime configuration read once from Vite's environment (VITE_* variables). */
export const config: AppConfig = readConfig(import.meta.env);
