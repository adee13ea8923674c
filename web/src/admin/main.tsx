/**
 * The back office's entry (admin.html): its own React tree, router, query client and API client.
 * Nothing here is imported by the storefront, nor the other way round (generated types aside).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './admin.css';
import { createAdminApp } from './app/admin-app';

const container = document.getElementById('root');
if (container) {
  const app = createAdminApp({ baseUrl: window.location.origin });
  createRoot(container).render(<StrictMode>{app.element}</StrictMode>);
}
