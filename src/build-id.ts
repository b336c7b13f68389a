declare const __BUILD_ID__: string;

/** Which deploy this is (BUILD_ID at `vite build`, defined in scripts/build/app-source.ts); on <html data-build> for tests and support. */
export const BUILD_ID: string = __BUILD_ID__;
