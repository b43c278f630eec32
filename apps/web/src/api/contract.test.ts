import { describe, expect, it } from 'vitest';
import { API as CONTRACT } from '@souq/shared';
import { API } from './contract';

describe("the browser's table of routes", () => {
  it('is the contract’s every endpoint, with its method and path', () => {
    const routesOf = (table: Record<string, Record<string, { method: string; path: string }>>) =>
      Object.fromEntries(
        Object.entries(table).map(([group, endpoints]) => [
          group,
          Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, { method: e.method, path: e.path }])),
        ]),
      );
    expect(routesOf(API)).toEqual(routesOf(CONTRACT));
  });
});
