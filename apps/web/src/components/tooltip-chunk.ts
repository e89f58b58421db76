// Loaded on demand by DeferredTooltip: Mantine's tooltip and the floating-ui code it needs.
export { Tooltip } from '@mantine/core';
