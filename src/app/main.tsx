// The app's first script: it asks for the address's data (early-requests.ts: small, no zod, no
// React) and only then loads the app (start.tsx), so those requests are on their way while the
// app's ~1 MB of modules load and evaluate (≈ 150–250 ms of script before, on a loaded machine).
import './theme/tokens.css';
import './theme/base.css';
import './theme/controls.css';
import './theme/layout.css';
import './theme/auth.css';
import './theme/shell.css';
import './theme/feedback.css';
import '../modules/structure/structure.css';
import { startEarlyRequests } from './early-requests';
import { browserStore } from './session/storage';
import { installStaleBuildReload } from './stale-build';

installStaleBuildReload(window, window.sessionStorage, () => window.location.reload());
startEarlyRequests(window.location, browserStore());
void import('./start');
