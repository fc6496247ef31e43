import { createRoot } from 'react-dom/client';
import { SignedIn } from './SignIn.tsx';
import { LanguageProvider } from './language.tsx';
import './editor.css';

createRoot(document.getElementById('editor')!).render(
  <LanguageProvider>
    <SignedIn />
  </LanguageProvider>,
);
