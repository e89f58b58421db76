import type { TooltipProps } from '@mantine/core';
import {
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  useRef,
  useState,
} from 'react';
import { useOptionalModule } from '../lib/lazy-page';

const loadTooltip = () => import('./tooltip-chunk');

interface TriggerProps {
  ref?: unknown;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

type DeferredTooltipProps = Omit<TooltipProps, 'children' | 'target' | 'opened'> & {
  /** One element that takes a ref (a Mantine component or a DOM element), without a ref of its own. */
  children: ReactElement<TriggerProps>;
};

/**
 * Mantine's Tooltip, but its code (with floating-ui) loads only when the element is first pointed at
 * or focused with the keyboard, so pages that merely show the element (the sign-in page's connection
 * indicator) do not download it. The element itself is never re-mounted: the tooltip attaches to it
 * through `target`. Shows on hover and on keyboard focus, hides on leave, blur and Escape. When the
 * code cannot be loaded (the server is away) there is no tooltip, and the next hover tries again.
 */
export function DeferredTooltip({ children, ...props }: DeferredTooltipProps) {
  const target = useRef<HTMLElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [requests, setRequests] = useState(0);
  const chunk = useOptionalModule(loadTooltip, requests);
  const want = () => {
    if (!chunk) setRequests((count) => count + 1);
  };
  const own = children.props;
  const trigger = cloneElement(children, {
    ref: target,
    onMouseEnter: (event) => {
      own.onMouseEnter?.(event);
      want();
      setHovered(true);
    },
    onMouseLeave: (event) => {
      own.onMouseLeave?.(event);
      setHovered(false);
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      if (!event.currentTarget.matches(':focus-visible')) return;
      want();
      setFocused(true);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      setFocused(false);
    },
    onKeyDown: (event) => {
      own.onKeyDown?.(event);
      if (event.key !== 'Escape') return;
      setHovered(false);
      setFocused(false);
    },
  });
  return (
    <>
      {trigger}
      {chunk ? <chunk.Tooltip {...props} target={target} opened={hovered || focused} /> : null}
    </>
  );
}
