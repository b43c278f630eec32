import './dashboard.css';
import { AuctionsChart } from './AuctionsChart';
import { SalesChart } from './SalesChart';
import { ShowsChart } from './ShowsChart';
import { StatusChart } from './StatusChart';
import { TopProductsChart } from './TopProductsChart';

/** The seller's dashboard (issue 32): each chart loads on its own, so a slow one holds up none of the others. */
export function Dashboard() {
  return (
    <div className="dashboard">
      <SalesChart />
      <StatusChart />
      <TopProductsChart />
      <AuctionsChart />
      <ShowsChart />
    </div>
  );
}
