import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './editor.css';

createRoot(document.getElementById('editor')!).render(<App />);
