import 'bootstrap/dist/css/bootstrap.min.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadAppConfig } from './session/config';
import { initFirebaseAuth } from './session/firebase';
import { StartupError } from './app/StartupError';
import { CenteredSpinner } from './ui/CenteredSpinner';
import { PRODUCT_NAME } from '@patentscout/schema';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = createRoot(container);

// Firebase needs the server's configuration, so the spinner shows until it has arrived.
root.render(<CenteredSpinner label={`Starting ${PRODUCT_NAME}...`} />);

loadAppConfig()
  .then((config) => {
    const auth = initFirebaseAuth(config);
    root.render(
      <StrictMode>
        <App config={config} auth={auth} />
      </StrictMode>,
    );
  })
  .catch((failure: unknown) => {
    console.error('Start-up failed', failure);
    root.render(<StartupError message={failure instanceof Error ? failure.message : String(failure)} />);
  });
