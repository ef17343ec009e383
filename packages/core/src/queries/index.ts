export * from './query-client';
export * from './records.queries';
export * from './events.queries';
export * from './me.queries';
export * from './places.queries';
export * from './people.queries';
export * from './search.queries';
export * from './series.queries';
