import type { SearchLogEntry } from '@gatefold/contract/discovery';
import { useCallback, useEffect, useRef, useState } from 'react';
import { appendToLog, DEMO_LOG_MESSAGES, localLogEntry } from './search-log';

/** The pause between two replayed demo messages. */
export const DEMO_STEP_MS = 600;

/** The Search Log's entries and current step, fed by searches and by the demo routine. */
export function useSearchLog() {
  const [entries, setEntries] = useState<SearchLogEntry[]>([]);
  const [currentStep, setCurrentStep] = useState('Ready');
  const [demoRunning, setDemoRunning] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const append = useCallback((added: SearchLogEntry[]) => {
    setEntries((log) => appendToLog(log, added));
  }, []);

  const clear = useCallback(() => {
    setEntries([]);
    setCurrentStep('Ready');
  }, []);

  const runDemo = useCallback(() => {
    setDemoRunning(true);
    DEMO_LOG_MESSAGES.forEach((message, index) => {
      timers.current.push(
        setTimeout(() => {
          append([localLogEntry(message.type, message.source, message.message, message.details)]);
          setCurrentStep(message.message);
          if (index === DEMO_LOG_MESSAGES.length - 1) setDemoRunning(false);
        }, index * DEMO_STEP_MS),
      );
    });
  }, [append]);

  return { entries, currentStep, setCurrentStep, append, clear, runDemo, demoRunning };
}

export type SearchLogState = ReturnType<typeof useSearchLog>;
