// Entry point: theme variables, styles, and the React root.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerOfflineCache } from './offline/register';
import { ThemeProvider } from './ui/theme';
import './styles/theme.css';
import './styles/app.css';
import './styles/classroom.css';
// The palette's --pal-* variables (ui/palette.ts), generated at build time by a plugin
// in web/vite.config.ts: a stylesheet file, not an inline <style> the CSP would refuse.
import 'virtual:palette.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ThemeProvider>
        <App />
      </ThemeProvider>
    </StrictMode>,
  );
}
// The offline cache (web/src/offline/sw.js) exists only in the built site.
if (import.meta.env.PROD) registerOfflineCache();
