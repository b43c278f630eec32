import type { Dialect, Driver } from 'kysely';

/** The dialect as it is, but for its driver, which `adapt` changes (wraps its methods) as it is made. */
export function withDriver(dialect: Dialect, adapt: (driver: Driver) => Driver): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => adapt(dialect.createDriver()),
  };
}
