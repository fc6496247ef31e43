import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { LanguageProvider } from './language.tsx';
import './editor.css';

createRoot(document.getElementById('editor')!).render(
  <LanguageProvider>
    <App />
  </LanguageProvider>,
);
