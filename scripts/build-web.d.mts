export const root: string;
export function buildWebIfStale(): boolean;
