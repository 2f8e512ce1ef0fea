import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './lib/query-client';
import { seedInitialData } from './lib/initial-data';
import './styles.css';

seedInitialData(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
