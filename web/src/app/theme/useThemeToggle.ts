import type { ThemePreference } from '@gatefold/contract/browser-session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { authQueries, saveThemePreference } from '../../api/auth-queries';
import { useTheme } from './ThemeProvider';
import { nextTheme } from './theme';

/** The user's saved theme wins at load; null (nothing usable from the server) keeps the local one. */
export function useApplyUserTheme(saved: ThemePreference | null): void {
  const { setPreference } = useTheme();
  useEffect(() => {
    if (saved !== null) setPreference(saved);
  }, [saved, setPreference]);
}

/**
 * Cycles the theme: applied and stored at once, then saved to the profile. If the save fails,
 * the previous theme comes back and the error is kept for the toggle to show.
 */
export function useThemeToggle() {
  const { preference, setPreference } = useTheme();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  // Only the latest click may revert or update the cache; an older answer is out of date.
  const latestAttempt = useRef(0);
  const save = useMutation({ mutationFn: saveThemePreference });

  const cycle = useCallback(() => {
    const previous = preference;
    const next = nextTheme(previous);
    const attempt = latestAttempt.current + 1;
    latestAttempt.current = attempt;
    setPreference(next);
    setError(null);
    save.mutate(next, {
      onSuccess: (user) => {
        if (attempt === latestAttempt.current) {
          queryClient.setQueryData(authQueries.me().queryKey, user);
        }
      },
      onError: (failure) => {
        if (attempt !== latestAttempt.current) return;
        setPreference(previous);
        const reason = failure instanceof ApiError ? failure.detail : 'Unknown error.';
        setError(`Could not save your theme: ${reason} The previous theme is back.`);
      },
    });
  }, [preference, setPreference, save.mutate, queryClient]);

  const dismissError = useCallback(() => setError(null), []);

  return { preference, next: nextTheme(preference), cycle, error, dismissError };
}
