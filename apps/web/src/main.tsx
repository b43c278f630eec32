import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles/global.css';
import './styles/catalog.css';
import './styles/product.css';
import './styles/sell.css';
import './styles/auction.css';
import './styles/feed.css';
import './styles/live.css';

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding a slow phone's main thread for one long task (issue 11: total blocking time).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
