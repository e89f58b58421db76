export * from './business-days.ts';
export * from './calendar.ts';
export * from './day-bounds.ts';
export * from './display.ts';
export * from './expiry.ts';
export * from './show.ts';
