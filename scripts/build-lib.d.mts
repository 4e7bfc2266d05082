// The types of scripts/build-lib.mjs, for the TypeScript that imports it (test/lib-stale.test.ts).
export declare const LIB_OUT: string;
export declare const LIB_STAMP: string;
export declare function libStale(at?: { root: string; stamp: string }): boolean;
export declare function buildLib(): Promise<void>;
export declare function watchLib(onBuilt: () => void): Promise<{ dispose(): Promise<void> }>;
