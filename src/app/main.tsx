import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './theme/tokens.css';
import './theme/base.css';
import './theme/controls.css';
import './theme/layout.css';
import './theme/auth.css';
import './theme/shell.css';
import './theme/feedback.css';
import '../modules/structure/structure.css';
import { App } from './App';
import { boot } from './boot';
import { startEarlyRequests } from './early-requests';
import { browserStore } from './session/storage';

startEarlyRequests(window.location, browserStore());

void boot().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
