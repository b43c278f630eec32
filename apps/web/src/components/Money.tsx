import { formatAED } from '@souq/shared';

export function Money({ fils, className }: { fils: number; className?: string }) {
  return <span className={className}>{formatAED(fils)}</span>;
}
