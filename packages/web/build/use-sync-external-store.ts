// React 19 has useSyncExternalStore: wouter's shim for React 17 need not ship (vite.config.ts aliases it here).
export { useSyncExternalStore } from 'react';
