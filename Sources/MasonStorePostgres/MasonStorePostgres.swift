// The store's shared core — DataOperation, its combinators, DataContext and StoreError — comes along
// with `import MasonStorePostgres`, as it does with `import MasonStore`.
@_exported public import MasonStoreCore
