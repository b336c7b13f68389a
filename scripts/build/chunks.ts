/**
 * The chunk plan (vite.config.ts `manualChunks`): the libraries every route needs in one cached
 * chunk each, so a deploy that changes app code does not re-download them and no route chunk gets
 * its own copy; one chunk per interface language (merged at build time, scripts/build/locale-bundles.ts; loaded on demand, src/i18n); the chart
 * library alone (only screens with a chart load it). Everything else follows the routes: each
 * lazy page in src/app/routes.ts is a split point.
 */
// a language's merged tables (scripts/build/locale-bundles.ts), or one table imported on its own
const LOCALE = /(?:^\0virtual\/locales\/([a-z]+)$)|(?:\/locales\/(?:[^/]+\/)?([a-z]+)\.json$)/;

export function chunkOf(id: string): string | undefined {
  const locale = LOCALE.exec(id);
  if (locale && !id.includes('node_modules')) return `lang-${locale[1] ?? locale[2]}`;
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id)) return 'vendor-react';
  // decimal.js alone, apart from the shell: routes that calculate share one copy, and the entry
  // (which only formats) does not wait for it. Only the library: a group also captures what its
  // modules import, so grouping core/calc here pulled core/types (the entry's channel names) in,
  // and the whole group with them into the entry.
  if (/node_modules\/decimal\.js\//.test(id)) return 'calc';
  if (/node_modules\/lightweight-charts\/|node_modules\/fancy-canvas\//.test(id)) return 'chart';
  if (/node_modules\/(i18next|react-i18next)\//.test(id)) return 'vendor-i18n';
  return undefined;
}
