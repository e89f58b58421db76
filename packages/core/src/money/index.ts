export * from './cents.ts';
export * from './credits-calculator.ts';
export * from './extension-order.ts';
export * from './extension-wizard.ts';
export * from './payment-status.ts';
export * from './price.ts';
export * from './price-tiers.ts';
