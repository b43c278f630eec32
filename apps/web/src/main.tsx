import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles/global.css';
import './styles/catalog.css';
import './styles/product.css';
import './styles/sell.css';
import './styles/auction.css';
import './styles/feed.css';
import './styles/live.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
