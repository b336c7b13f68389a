/**
 * The first boot stage (src/main.tsx): React, ReactDOM's client and the router, evaluated on their
 * own. Re-exported so the bundler keeps them here, and what imports them later finds them evaluated.
 */
export { createRoot } from 'react-dom/client';
export { createHashRouter, RouterProvider } from 'react-router-dom';
export { startTransition, StrictMode } from 'react';
