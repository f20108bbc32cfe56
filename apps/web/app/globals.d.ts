/** The build's id, defined by vite.config.ts. */
declare const __BUILD_ID__: string;
