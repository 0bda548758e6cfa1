import { useEffect, useState } from "react";

/**
 * A form's draft of a saved value: it starts from `saved`, and again from each new saved value (after a save, or a
 * colleague's change read again); a new object holding the same value leaves the draft as it is.
 */
export function useSavedDraft<T>(saved: T) {
  const [draft, setDraft] = useState<T>(saved);
  const savedJson = JSON.stringify(saved);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved value, not its object, starts the draft again
  useEffect(() => setDraft(saved), [savedJson]);
  return [draft, setDraft] as const;
}
