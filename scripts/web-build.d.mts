// Types of web-build.mjs for the TypeScript that imports it (bench/).
export declare const root: string;
export declare function ensureWebBuild(): void;
