export { buildApp, type SortieApp } from './app';
export { loadConfig, type ServerConfig } from './config';
export { openDatabase } from './db/open-database';
export type { Db } from './db/database';
export { loadDemo } from './demo/load';
export { DEMO_IDS, DEMO_ACCOUNTS, DEMO_SHORT_CODES, demoId } from './demo/ids';
