export * from './series-rule';
export * from './series-description';
export * from './series-schedule';
export * from './series-split';
export * from './series-staleness';
