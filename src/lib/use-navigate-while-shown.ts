import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';

type Navigate = ReturnType<typeof useNavigate>;

/**
 * The router's navigate for where a call's answer leads, doing nothing once the screen that made
 * the call has gone. A mutation's own onSuccess still runs after its screen has unmounted: a member
 * on one bar of signal who pressed Back while a check or a send was on its way would be pulled
 * forward again when its answer came. Screens whose call changes the account hold Back instead,
 * so the member reads its answer (LoadingModal's `holdsBack`).
 */
export function useNavigateWhileShown(): Navigate {
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  return useCallback<Navigate>((options) => (shown.current ? navigate(options) : Promise.resolve()), [navigate]);
}
