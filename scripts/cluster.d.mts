import type { ChildProcess } from 'node:child_process';

export const root: string;
export function freePort(): Promise<number>;
export function clusterConfig(
  template: string,
  ports: { port: number; statsPort: number; instancePorts: number[] },
): string;

export interface ClusterInstance {
  child: ChildProcess;
  port: number;
  metricsPort: number;
  url: string;
}

export interface Cluster {
  /** The balancer's address: what browsers and load generators use. */
  url: string;
  statsUrl: string;
  instances: ClusterInstance[];
  haproxy: ChildProcess;
  stop(): Promise<void>;
}

export function startCluster(options?: {
  instances?: number;
  env?: Record<string, string>;
  stdio?: 'inherit' | 'ignore' | 'pipe';
}): Promise<Cluster>;
