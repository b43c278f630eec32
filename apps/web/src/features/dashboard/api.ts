import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardRange, DashboardTopBy } from '@souq/shared';
import { call } from '../../api/client';
import { API } from '../../api/contract';

/** The seller's dashboard (issue 32): one query per chart, so each loads, fails and retries on its own. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  sales: (by: DashboardRange) => [...dashboardKeys.all, 'sales', by] as const,
  statuses: () => [...dashboardKeys.all, 'statuses'] as const,
  top: (by: DashboardTopBy) => [...dashboardKeys.all, 'top', by] as const,
  auctions: () => [...dashboardKeys.all, 'auctions'] as const,
  bids: (id: string) => [...dashboardKeys.all, 'bids', id] as const,
  shows: () => [...dashboardKeys.all, 'shows'] as const,
};

/** A range switch keeps the chart it had on screen until the new figures come, instead of a skeleton. */
const switching = { placeholderData: keepPreviousData } as const;

export const useSales = (by: DashboardRange) =>
  useQuery({
    queryKey: dashboardKeys.sales(by),
    queryFn: ({ signal }) => call(API.dashboard.sales, { query: { by }, signal }),
    ...switching,
  });

export const useOrdersByStatus = () =>
  useQuery({
    queryKey: dashboardKeys.statuses(),
    queryFn: ({ signal }) => call(API.dashboard.ordersByStatus, { signal }),
  });

export const useTopProducts = (by: DashboardTopBy) =>
  useQuery({
    queryKey: dashboardKeys.top(by),
    queryFn: ({ signal }) => call(API.dashboard.topProducts, { query: { by }, signal }),
    ...switching,
  });

export const useDashboardAuctions = () =>
  useQuery({ queryKey: dashboardKeys.auctions(), queryFn: ({ signal }) => call(API.dashboard.auctions, { signal }) });

export const useAuctionBids = (id: string | null) =>
  useQuery({
    queryKey: dashboardKeys.bids(id ?? ''),
    queryFn: ({ signal }) => call(API.dashboard.auctionBids, { params: { id: id! }, signal }),
    enabled: id !== null,
  });

export const useShows = () =>
  useQuery({ queryKey: dashboardKeys.shows(), queryFn: ({ signal }) => call(API.dashboard.shows, { signal }) });
