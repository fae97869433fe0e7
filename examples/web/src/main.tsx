import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { completeSignIn } from './auth';
import { WorkforceProvider } from './trpc';

const root = createRoot(document.getElementById('root') as HTMLElement);

// Back from the sign-in page: exchange the code before anything asks for a token.
async function start(): Promise<void> {
  if (location.pathname === '/callback') {
    try {
      await completeSignIn();
    } catch (error) {
      history.replaceState(null, '', '/');
      root.render(<p role="alert">Sign-in failed: {String(error)}</p>);
      return;
    }
  }
  root.render(
    <StrictMode>
      <WorkforceProvider>
        <App />
      </WorkforceProvider>
    </StrictMode>,
  );
}
void start();
