import { Link } from 'react-router';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div>
          <strong>Souq</strong>
          <p className="muted">Buy, sell and bid across the Gulf. All prices in AED.</p>
        </div>
        <nav aria-label="Footer">
          <Link to="/">Shop</Link>
          <Link to="/auction">Auctions</Link>
          <Link to="/live">Live</Link>
          <Link to="/settings">Settings</Link>
        </nav>
        <p className="muted site-footer__copy">
          © {new Date().getFullYear()} Souq. Prices exclude 5% VAT, which is added at checkout.
        </p>
      </div>
    </footer>
  );
}
