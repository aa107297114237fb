// Entry point: theme variables, styles, and the React root.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { paletteCss } from './ui/palette';
import { ThemeProvider } from './ui/theme';
import './styles/theme.css';
import './styles/app.css';

const style = document.createElement('style');
style.textContent = paletteCss();
document.head.appendChild(style);

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
