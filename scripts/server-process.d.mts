// Types of server-process.mjs for the TypeScript that imports it (bench/).
export declare function buildServer(): string;
export declare function serverNodeArgs(env?: NodeJS.ProcessEnv): string[];
export declare function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
