// The store's shared core — DataOperation, its combinators, DataContext and StoreError — lives in
// MasonStoreCore, so that other contexts (MasonStorePostgres) build on it without GRDB. Importing
// MasonStore brings it along, so `import MasonStore` alone is all an SQLite app writes.
@_exported public import MasonStoreCore
