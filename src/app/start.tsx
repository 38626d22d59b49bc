// The app itself, loaded by main.tsx once the address's early requests are on their way.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { boot } from './boot';

performance.mark('wb-boot-start');
void boot().then(() => {
  performance.mark('wb-boot-done');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
