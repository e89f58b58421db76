import { useCallback, useRef, useState } from 'react';

interface ActionState {
  isPending: boolean;
  error: unknown;
}
const IDLE: ActionState = { isPending: false, error: null };

/**
 * The part of TanStack Query's `useMutation` the sign-in form uses (`mutate`, `isPending`, `error`),
 * without TanStack Query: the sign-in page is the one screen that loads without it (lib/query.tsx).
 * Only the latest call's outcome counts.
 */
export function useAction<V, R>(run: (variables: V) => Promise<R>, onSuccess?: (result: R) => void) {
  const [state, setState] = useState<ActionState>(IDLE);
  const latest = useRef(0);
  const handlers = useRef({ run, onSuccess });
  handlers.current = { run, onSuccess };
  const mutate = useCallback((variables: V) => {
    latest.current += 1;
    const call = latest.current;
    setState({ isPending: true, error: null });
    handlers.current.run(variables).then(
      (result) => {
        if (call !== latest.current) return;
        setState(IDLE);
        handlers.current.onSuccess?.(result);
      },
      (error: unknown) => {
        if (call === latest.current) setState({ isPending: false, error });
      },
    );
  }, []);
  return { ...state, mutate };
}
